/**
 * A small browser for single sign-on tests: a cookie jar per origin, redirects followed by hand,
 * and the HTML forms of an identity provider's pages filled and posted, so a whole redirect flow
 * runs over real HTTP between the test IdP and Waypoint.
 */
import { cookieHeader } from './sign-in.js';

export interface Step {
  url: string;
  response: Response;
  body: string;
}

/** The action and fields of the first form of a page (hidden fields and given values). */
export function formOf(
  html: string,
  baseUrl: string,
): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name)
      fields[name] = value
        .replace(/&#x2F;/g, '/')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"');
  }
  return { action: new URL((form[1] ?? '').replace(/&amp;/g, '&'), baseUrl).toString(), fields };
}

export class SsoBrowser {
  readonly jars = new Map<string, Record<string, string>>();

  jar(url: string): Record<string, string> {
    const origin = new URL(url).origin;
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = {}));
    return jar;
  }

  /** One request with this origin's cookies; Set-Cookie lands in the jar (cleared cookies removed). */
  async request(
    url: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
  ): Promise<Step> {
    const jar = this.jar(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar), ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = decodeURIComponent(pair.slice(index + 1).trim());
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) delete jar[name];
      else jar[name] = value;
    }
    return { url, response, body: await response.text() };
  }

  /** GET, following redirects until `stop(url)` says so (the stopping URL is not fetched) or a page answers. */
  async follow(
    url: string,
    stop: (url: string) => boolean = () => false,
  ): Promise<Step | { url: string; stopped: true }> {
    let current = url;
    for (let hops = 0; hops < 20; hops += 1) {
      if (stop(current)) return { url: current, stopped: true };
      const step = await this.request(current);
      const location = step.response.headers.get('location');
      if (step.response.status < 300 || step.response.status >= 400 || !location) return step;
      current = new URL(location, current).toString();
    }
    throw new Error('too many redirects');
  }

  /** Posts the page's form (with `values` filled in) and follows where it leads. */
  async submit(page: Step, values: Record<string, string>, stop?: (url: string) => boolean) {
    const { action, fields } = formOf(page.body, page.url);
    const posted = await this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...values }).toString(),
    });
    const location = posted.response.headers.get('location');
    if (!location) return posted;
    return this.follow(new URL(location, action).toString(), stop);
  }
}
