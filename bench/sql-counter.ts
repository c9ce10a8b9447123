// Counts the SQL statements one process sends, without touching the app or the shared
// server: a TCP proxy in front of MariaDB that reads the MySQL protocol's packet headers
// on the way through. Every client command starts a packet with sequence id 0; its
// first byte names it: COM_QUERY (0x03, text follows), COM_STMT_PREPARE (0x16, text
// follows), COM_STMT_EXECUTE (0x17, statement id follows). Statement ids are matched to
// their text from the server's PREPARE_OK answer. The global `Questions` counter would
// also count the four other engineers' tests on the same server.
import net from "node:net";

const COM_QUERY = 0x03;
const COM_STMT_PREPARE = 0x16;
const COM_STMT_EXECUTE = 0x17;

export interface SqlCounter {
  port: number;
  /** Statements run (COM_QUERY + COM_STMT_EXECUTE) since the last reset, with their text. */
  statements: string[];
  prepares: number;
  reset(): void;
  close(): Promise<void>;
}

/** Splits a byte stream into MySQL packets (3-byte little-endian length, 1-byte sequence id). */
function packetReader(onPacket: (sequence: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const length = pending.readUIntLE(0, 3);
      if (pending.length < 4 + length) break;
      onPacket(pending[3]!, pending.subarray(4, 4 + length));
      pending = pending.subarray(4 + length);
    }
  };
}

export async function startSqlCounter(target = { host: "127.0.0.1", port: 3306 }): Promise<SqlCounter> {
  const sockets = new Set<net.Socket>();
  const counter: SqlCounter = {
    port: 0,
    statements: [],
    prepares: 0,
    reset() {
      counter.statements = [];
      counter.prepares = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  // No Nagle on either side, as mysql2 and MariaDB themselves: a result that reaches the proxy
  // in two chunks would otherwise wait for the client's delayed ACK (40 ms on Linux) before
  // its second write, which made one request in two 40 ms slower than without the proxy.
  const server = net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({ ...target, noDelay: true });
    sockets.add(client);
    sockets.add(upstream);
    const prepared = new Map<number, string>();
    let awaitingPrepare: string | null = null;
    let expectPrepareOk = false;

    client.on(
      "data",
      packetReader((sequence, payload) => {
        if (sequence !== 0 || payload.length === 0) return;
        const command = payload[0];
        if (command === COM_QUERY) counter.statements.push(payload.subarray(1).toString("utf8"));
        else if (command === COM_STMT_PREPARE) {
          counter.prepares++;
          awaitingPrepare = payload.subarray(1).toString("utf8");
          expectPrepareOk = true;
        } else if (command === COM_STMT_EXECUTE) {
          counter.statements.push(prepared.get(payload.readUInt32LE(1)) ?? "(prepared statement)");
        }
      }),
    );
    upstream.on(
      "data",
      packetReader((sequence, payload) => {
        if (!expectPrepareOk || sequence !== 1) return;
        expectPrepareOk = false;
        if (payload[0] === 0x00 && awaitingPrepare !== null) prepared.set(payload.readUInt32LE(1), awaitingPrepare);
        awaitingPrepare = null;
      }),
    );
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  counter.port = (server.address() as net.AddressInfo).port;
  return counter;
}
