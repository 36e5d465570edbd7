/**
 * The live animated 3D login background (spec §1): a slowly turning globe of light points with
 * flight arcs between waypoints. This module is the only importer of three.js, and is itself only
 * imported lazily, so three.js stays out of the login route's initial JavaScript.
 */
import {
  AdditiveBlending,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  QuadraticBezierCurve3,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';

const POINT_COUNT = 1400;
const RADIUS = 1;

function spherePoints(count: number): Float32Array {
  // A Fibonacci lattice spreads points evenly over the sphere.
  const positions = new Float32Array(count * 3);
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i += 1) {
    const y = 1 - (i / (count - 1)) * 2;
    const r = Math.sqrt(1 - y * y);
    const theta = golden * i;
    positions.set([Math.cos(theta) * r * RADIUS, y * RADIUS, Math.sin(theta) * r * RADIUS], i * 3);
  }
  return positions;
}

function randomOnSphere(seed: number): Vector3 {
  const u = Math.abs(Math.sin(seed * 12.9898) * 43758.5453) % 1;
  const v = Math.abs(Math.sin(seed * 78.233) * 12345.6789) % 1;
  const theta = u * Math.PI * 2;
  const phi = Math.acos(2 * v - 1);
  return new Vector3().setFromSphericalCoords(RADIUS, phi, theta);
}

function arc(from: Vector3, to: Vector3): QuadraticBezierCurve3 {
  const mid = from.clone().add(to).multiplyScalar(0.5);
  const lift = 1 + from.distanceTo(to) * 0.45;
  return new QuadraticBezierCurve3(from, mid.normalize().multiplyScalar(RADIUS * lift), to);
}

/** A running scene: its animation can be paused and resumed (§2 Login screen, ADR 0010). */
export interface LiveBackgroundScene {
  /** Starts or pauses the animation; a paused scene keeps its last frame. */
  setMoving(moving: boolean): void;
  /** Stops the scene and frees the GPU objects. */
  stop(): void;
}

const ROTATION_PER_MS = 0.00006;
/** The turn of the globe on the still frame. */
const STILL_ROTATION = 0.8;

/** Starts the scene on a canvas, moving unless `still` (a still frame with every arc drawn). */
export function startLiveBackground(
  canvas: HTMLCanvasElement,
  options: { still: boolean; color: string; accent: string },
): LiveBackgroundScene {
  const renderer = new WebGLRenderer({ canvas, alpha: true, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  const camera = new PerspectiveCamera(40, 1, 0.1, 100);
  camera.position.set(0, 0.25, 3.4);

  const globe = new Group();
  globe.rotation.z = 0.35;
  scene.add(globe);

  const dotsGeometry = new BufferGeometry();
  dotsGeometry.setAttribute('position', new Float32BufferAttribute(spherePoints(POINT_COUNT), 3));
  const dotsMaterial = new PointsMaterial({
    color: new Color(options.color),
    size: 0.012,
    transparent: true,
    opacity: 0.75,
    depthWrite: false,
  });
  globe.add(new Points(dotsGeometry, dotsMaterial));

  const arcMaterial = new LineBasicMaterial({
    color: new Color(options.accent),
    transparent: true,
    opacity: 0.85,
    blending: AdditiveBlending,
  });
  const curves: QuadraticBezierCurve3[] = [];
  const lines: Line[] = [];
  for (let i = 0; i < 14; i += 1) {
    const curve = arc(randomOnSphere(i + 1), randomOnSphere(i + 101));
    curves.push(curve);
    const geometry = new BufferGeometry().setFromPoints(curve.getPoints(64));
    const line = new Line(geometry, arcMaterial);
    globe.add(line);
    lines.push(line);
  }

  const resize = () => {
    const { clientWidth, clientHeight } = canvas;
    if (clientWidth === 0 || clientHeight === 0) return;
    renderer.setSize(clientWidth, clientHeight, false);
    camera.aspect = clientWidth / clientHeight;
    camera.updateProjectionMatrix();
    // A new size clears the canvas: draw the current frame again (it matters while paused).
    renderer.render(scene, camera);
  };
  resize();
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  const draw = (elapsed: number) => {
    globe.rotation.y = elapsed * ROTATION_PER_MS;
    // Each arc draws itself in and out, like a flight between two waypoints.
    lines.forEach((line, index) => {
      const phase = (elapsed * 0.00018 + index * 0.37) % 2;
      const visible = Math.floor(Math.min(phase, 1) * 65);
      const start = phase > 1 ? Math.floor((phase - 1) * 65) : 0;
      line.geometry.setDrawRange(start, Math.max(0, visible - start));
    });
    renderer.render(scene, camera);
  };

  // Time runs only while moving, so a resumed animation carries on from the frame it paused on.
  let elapsed = options.still ? STILL_ROTATION / ROTATION_PER_MS : 0;
  let last: number | null = null;
  let frame = 0;
  let moving = false;
  const loop = (time: number) => {
    if (last !== null) elapsed += time - last;
    last = time;
    draw(elapsed);
    frame = requestAnimationFrame(loop);
  };
  const setMoving = (next: boolean) => {
    if (next === moving) return;
    moving = next;
    if (moving) {
      frame = requestAnimationFrame(loop);
    } else {
      cancelAnimationFrame(frame);
      last = null;
    }
  };

  if (options.still) {
    // A still frame with every arc drawn, for people who prefer reduced motion.
    globe.rotation.y = STILL_ROTATION;
    lines.forEach((line) => line.geometry.setDrawRange(0, 65));
    renderer.render(scene, camera);
  } else {
    setMoving(true);
  }

  return {
    setMoving,
    stop: () => {
      setMoving(false);
      observer.disconnect();
      dotsGeometry.dispose();
      dotsMaterial.dispose();
      arcMaterial.dispose();
      lines.forEach((line) => line.geometry.dispose());
      renderer.dispose();
    },
  };
}
