/**
 * A local OpenAI-compatible HTTP server on 127.0.0.1 for tests: the real `openai` SDK talks to it
 * over a socket, so requests, headers and error statuses take the same path as in production.
 * Each test scripts the next answers; every request is recorded for assertions.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './fake-http.ts';

export type FakeAnswer =
  /** A chat completion whose message content is this text (JSON.stringify an object yourself). */
  | { content: string }
  /** An error status with an OpenAI-style error body. */
  | { status: number; message?: string; code?: string };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: unknown }[]; response_format?: unknown };
}

export interface FakeOpenAi {
  /** Base URL to give as OPENAI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queue answers; when the queue is empty the responder answers, or else the server answers 500. */
  answer(...answers: FakeAnswer[]): void;
  /** Answers from the request itself, for calls whose order is not fixed (made at once); null stops. */
  respond(responder: ((request: RecordedRequest) => FakeAnswer) | null): void;
  close(): Promise<void>;
}

/** On a free port, or on `port` when a server started beforehand was told where to find it (e2e). */
export async function startFakeOpenAi({ port: listenOn = 0 }: { port?: number } = {}): Promise<FakeOpenAi> {
  const queue: FakeAnswer[] = [];
  const requests: RecordedRequest[] = [];
  let responder: ((request: RecordedRequest) => FakeAnswer) | null = null;
  const server: Server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(raw) as RecordedRequest['body'];
      } catch {
        // recorded as empty
      }
      const recorded = { path: request.url ?? '', authorization: request.headers.authorization, body };
      requests.push(recorded);
      const answer = queue.shift() ?? responder?.(recorded) ?? { status: 500, message: 'no scripted answer' };
      response.setHeader('content-type', 'application/json');
      if ('status' in answer) {
        response.statusCode = answer.status;
        response.end(JSON.stringify({ error: { message: answer.message ?? `status ${answer.status}`, type: 'fake_error', code: answer.code ?? null } }));
        return;
      }
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (...answers) => queue.push(...answers),
    respond: (next) => {
      responder = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
