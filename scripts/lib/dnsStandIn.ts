/**
 * A DNS server on loopback for the preflight's tests: it answers MX and TXT questions over UDP from the records it is
 * given, as an authoritative server would (no such name: NXDOMAIN; a name without records of the type asked: an empty
 * answer), encoded by `dns-packet`. Node's own resolver asks it, pointed at it by PREFLIGHT_DNS_SERVER.
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

export interface DnsRecords {
  /** Mail exchangers by name: `{ 'mi-marca.mx': [{ exchange: 'mx.mi-marca.mx', preference: 10 }] }`. */
  mx?: Record<string, { exchange: string; preference: number }[]>;
  /** Text records by name, each one string. */
  txt?: Record<string, string[]>;
}

export interface DnsStandIn {
  /** As PREFLIGHT_DNS_SERVER takes it: 127.0.0.1:<port> */
  address: string;
  /** Replaces every record. */
  setRecords(records: DnsRecords): void;
  /** Questions asked so far: `TXT _dmarc.mi-marca.mx`. */
  questions: string[];
  close(): Promise<void>;
}

const lower = <T>(records: Record<string, T> = {}): Map<string, T> => new Map(Object.entries(records).map(([name, value]) => [name.toLowerCase(), value]));

export async function startDnsStandIn(records: DnsRecords): Promise<DnsStandIn> {
  let mx = lower(records.mx);
  let txt = lower(records.txt);
  const questions: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    questions.push(`${question.type} ${name}`);
    const answers: dnsPacket.Answer[] =
      question.type === 'MX'
        ? (mx.get(name) ?? []).map((data) => ({ type: 'MX', name: question.name, ttl: 60, data }))
        : question.type === 'TXT'
          ? (txt.get(name) ?? []).map((data) => ({ type: 'TXT', name: question.name, ttl: 60, data }))
          : [];
    const known = mx.has(name) || txt.has(name);
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      // Authoritative, recursion available; NXDOMAIN (3) for a name it holds nothing for.
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setRecords(next) {
      mx = lower(next.mx);
      txt = lower(next.txt);
    },
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
