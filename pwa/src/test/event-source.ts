/**
 * `EventSource` for tests in Node (which has none), over a `fetch` such as the test client's
 * that answers from the real app: named events, `readyState`, `close()`, and an `error` event
 * (CLOSED) when the server refuses the stream.
 */
export class TestEventSource extends EventTarget {
  readyState = 0;
  private readonly reader: Promise<ReadableStreamDefaultReader<Uint8Array> | null>;

  constructor(fetchFn: (url: string, init?: RequestInit) => Promise<Response>, url: string) {
    super();
    this.reader = fetchFn(url, { headers: { accept: 'text/event-stream' } }).then((response) => {
      if (response.status !== 200 || !response.body) {
        this.readyState = 2;
        this.dispatchEvent(new Event('error'));
        return null;
      }
      this.readyState = 1;
      const reader = response.body.getReader();
      void this.read(reader);
      return reader;
    });
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        if (event) this.dispatchEvent(new MessageEvent(event, { data: field('data') ?? '' }));
      }
    }
  }

  close() {
    this.readyState = 2;
    void this.reader.then((reader) => reader?.cancel());
  }
}
