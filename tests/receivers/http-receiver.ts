import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the receiver answers one request. */
export interface ScriptedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer: the client has to give up (its timeout or abort). */
  hang?: boolean;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status sent back; null while a hanging request waits. */
  status: number | null;
  /** True once the client closed the connection without waiting for the answer. */
  abandoned: boolean;
}

export interface HttpReceiver {
  /** The base URL, e.g. http://127.0.0.1:45123 (append any path). */
  url: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 and a random port, standing in for an outside system (a
 * webhook, an API). It records every request and answers from a script, in order: a number is a
 * status, an object a full answer; once the script is used up, every answer is `then`.
 * Example: `startHttpReceiver({ script: [503, 503], then: 200 })` fails twice, then accepts.
 */
export async function startHttpReceiver({
  script = [],
  then = 200,
}: { script?: (number | ScriptedAnswer)[]; then?: number | ScriptedAnswer } = {}): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const answers = [...script];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const next = answers.shift() ?? then;
      const answer = typeof next === "number" ? { status: next } : next;
      const record: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        status: null,
        abandoned: false,
      };
      requests.push(record);
      res.on("close", () => {
        if (!res.writableFinished) record.abandoned = true;
      });
      if (answer.hang) return;
      record.status = answer.status;
      res.writeHead(answer.status, { "content-type": "text/plain; charset=utf-8", ...answer.headers });
      res.end(answer.body ?? http.STATUS_CODES[answer.status] ?? "");
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
