/**
 * A simulated browser's kept-alive HTTP/1.1 connections to one origin, for the load benchmarks:
 * up to `limit` connections (Chromium and Firefox keep 6 per host), one request at a time on
 * each, opened only when every open one is busy, and kept open between requests.
 *
 * Why not node:http, fetch or undici: the load generator shares the machine's two cores with the
 * server and its database. Measured with the same 2 KB commit against a bare node:http server,
 * node:http's client spent about 250 µs of CPU per request and fetch several times that, where
 * this one spent about 100 µs; on a faster machine undici's Pool (6 connections) spent 59-76 µs
 * against this one's 38-41 µs. So the server under test gets the cores a real deployment would
 * give it. It reads what the server sends: a Content-Length body or a chunked one.
 */
import net from 'node:net';

export interface Answer {
  status: number;
  text: string;
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** One kept-alive connection: a request is written whole, its answer parsed as it arrives. */
class Connection {
  readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  closed = false;

  constructor(host: string, port: number) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.received(chunk));
    const fail = (error: Error) => {
      this.closed = true;
      this.pending?.reject(error);
      this.pending = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  send(head: string, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.pending) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const start = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    let end: number;
    if (length) {
      end = start + Number(length[1]);
      if (this.buffered.length < end) return;
      body = this.buffered.subarray(start, end);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const chunks: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffered.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffered.toString('latin1', at, lineEnd), 16);
        if (this.buffered.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          end = lineEnd + 4;
          break;
        }
        chunks.push(this.buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      this.pending.reject(new Error(`an answer without a length: ${head.split('\r\n')[0]}`));
      this.socket.destroy();
      return;
    }
    const pending = this.pending;
    this.pending = null;
    this.buffered = this.buffered.subarray(end);
    pending.resolve({ status, text: body.toString('utf8') });
  }
}

/** A browser's connections to one origin (http://host:port). */
export class BrowserConnections {
  private readonly idle: Connection[] = [];
  private readonly waiting: ((connection: Connection) => void)[] = [];
  private open = 0;
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;

  constructor(
    origin: string,
    private readonly limit = 6,
  ) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.hostHeader = url.host;
  }

  /** One request; `path` is the origin-relative path with its query. */
  async request(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body = '',
  ): Promise<Answer> {
    const connection = await this.take();
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\nConnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body || method === 'POST') head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    try {
      return await connection.send(`${head}\r\n`, body);
    } finally {
      this.give(connection);
    }
  }

  /** Closes every connection. */
  destroy(): void {
    for (const connection of this.idle.splice(0)) connection.socket.destroy();
  }

  private take(): Promise<Connection> {
    const connection = this.idle.pop();
    if (connection) return Promise.resolve(connection);
    if (this.open < this.limit) {
      this.open += 1;
      return Promise.resolve(new Connection(this.host, this.port));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(connection: Connection): void {
    if (connection.closed) {
      this.open -= 1;
      connection.socket.destroy();
      // A request waiting for a connection gets a new one in its place.
      const next = this.waiting.shift();
      if (next) {
        this.open += 1;
        next(new Connection(this.host, this.port));
      }
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}
