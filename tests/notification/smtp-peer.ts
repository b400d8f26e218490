import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  /** When the message was taken (Date.now()): a test compares it with a notification's sendAfter. */
  receivedAt: number;
}

/** Quoted-printable soft breaks and `=3D` undone, enough to read links and words in a raw message. */
export const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** An RFC 2047 encoded word's text (B: base64, Q: quoted-printable with _ for space). */
const decodeWord = (kind: string, text: string) =>
  kind.toLowerCase() === "b"
    ? Buffer.from(text, "base64").toString("utf8")
    : Buffer.from(
        text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");

/** A header of a raw message, unfolded, encoded words decoded (subjects in Russian). */
export function header(raw: string, name: string): string {
  const folded = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "mi").exec(raw)?.[1] ?? "";
  return folded
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?[^?]+\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) => decodeWord(kind, text))
    .trim();
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1: it keeps what it receives and
 * refuses, with a permanent 550, any recipient whose address starts with "refuse".
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  /** Runs when a message has been taken, before the server answers 250 for it. */
  onMessage?: (mail: ReceivedMail) => Promise<void> | void;
  private server?: SMTPServer;
  port = 0;

  /** Listens on `port` (0: a free one, remembered, so a restart can take the same one). */
  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("refuse"))
          return callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: header(raw, "Subject"),
            messageId: header(raw, "Message-ID"),
            receivedAt: Date.now(),
          };
          this.received.push(mail);
          Promise.resolve(this.onMessage?.(mail)).then(
            () => callback(),
            () => callback(),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as { port: number }).port;
    return this;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/**
 * The text/plain part of a raw message, its transfer encoding (base64, quoted-printable) undone.
 * The part ends at the next boundary or the message's end: the server hands over the data without
 * SMTP's closing "." line, so a line of one "." (a quoted-printable soft break can leave one) is text.
 */
export function textBody(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?:\r?\n----|$)/i.exec(raw);
  if (!part) return "";
  const [, headers, body] = part;
  if (/Content-Transfer-Encoding: base64/i.test(headers!))
    return Buffer.from(body!.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers!)) {
    return Buffer.from(
      body!
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body!;
}
