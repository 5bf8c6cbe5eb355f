import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Entries kept per browser: enough to see the minute before a failure. */
const KEPT = 200;

/**
 * What the pages of a browser said and were told, kept so that a failed test can print it:
 * console warnings and errors, page errors, every API answer's status, the socket's frames, and
 * requests that never got an answer. A flake seen once under load is explained by this, not guessed at.
 */
export class FlightRecorder {
  private readonly entries: string[] = [];
  private readonly started = Date.now();

  /** Records every page of every context `browser` opens from now on. */
  watch(browser: Browser): void {
    const newContext = browser.newContext.bind(browser);
    let pages = 0;
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      this.watchContext(context, () => `p${++pages}`);
      return context;
    };
  }

  watchContext(context: BrowserContext, name: () => string): void {
    context.on('page', (page) => this.watchPage(page, name()));
  }

  private watchPage(page: Page, name: string): void {
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        this.add(name, `console.${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.add(name, `pageerror: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.add(name, `navigated to ${frame.url()}`);
    });
    page.on('response', (response) => {
      const { pathname, search } = new URL(response.url());
      if (pathname.startsWith('/api/'))
        this.add(name, `${response.status()} ${response.request().method()} ${pathname}${search}`);
    });
    page.on('websocket', (socket) => {
      this.add(name, 'socket opened');
      socket.on('framereceived', ({ payload }) => {
        const type = /"type":"([a-z_]+)"/.exec(String(payload))?.[1] ?? '?';
        if (type !== 'presence_update' && type !== 'typing_update') this.add(name, `socket frame ${type}`);
      });
      socket.on('close', () => this.add(name, 'socket closed'));
    });
    page.on('requestfailed', (request) => {
      this.add(name, `failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'unknown'}`);
    });
  }

  private add(page: string, text: string): void {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    this.entries.push(`+${seconds}s ${page} ${text}`);
    if (this.entries.length > KEPT) this.entries.shift();
  }

  report(): string {
    return this.entries.length ? this.entries.join('\n') : '(nothing recorded)';
  }
}
