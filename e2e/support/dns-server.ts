import { createSocket, type Socket } from "node:dgram";

/**
 * A DNS server on loopback for the tests: it answers TXT questions from the records a test
 * publishes (NXDOMAIN for a name it has none of), over UDP as the console's resolver asks. Only
 * what a TXT lookup needs: one question, answers of character strings.
 */
export class TestDnsServer {
  private readonly records = new Map<string, string[]>();
  private socket: Socket | undefined;

  /** Publishes a TXT value at a name (added to what the name carries). */
  publish(name: string, value: string) {
    const key = name.toLowerCase().replace(/\.$/, "");
    this.records.set(key, [...(this.records.get(key) ?? []), value]);
  }

  /** Takes a name's TXT values away. */
  withdraw(name: string) {
    this.records.delete(name.toLowerCase().replace(/\.$/, ""));
  }

  async listen(port: number): Promise<void> {
    const socket = createSocket("udp4");
    socket.on("message", (query, from) => {
      const answer = this.answer(query);
      if (answer) socket.send(answer, from.port, from.address);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(port, "127.0.0.1", () => resolve());
    });
    this.socket = socket;
  }

  async close(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private answer(query: Buffer): Buffer | undefined {
    if (query.length < 12 || query.readUInt16BE(4) < 1) return undefined;
    // The question: its name's labels, then its type and class.
    const labels: string[] = [];
    let at = 12;
    while (at < query.length && query[at] !== 0) {
      const length = query[at]!;
      labels.push(query.subarray(at + 1, at + 1 + length).toString("ascii"));
      at += length + 1;
    }
    const questionEnd = at + 5;
    if (questionEnd > query.length) return undefined;
    const type = query.readUInt16BE(at + 1);
    const name = labels.join(".").toLowerCase();
    const values = this.records.get(name);
    const txt = values && type === 16 ? values : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // A response, recursion desired and available; NXDOMAIN for a name with no records.
    header.writeUInt16BE(values ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(txt.length, 6);
    const answers = txt.map((value) => {
      const text = Buffer.from(value, "utf8");
      const rdata = Buffer.concat([Buffer.from([text.length]), text]);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the question's name
      fixed.writeUInt16BE(16, 2); // TXT
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(5, 6); // TTL
      fixed.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([fixed, rdata]);
    });
    return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
  }
}
