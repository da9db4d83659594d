import { createSocket, type RemoteInfo } from 'node:dgram';
import dnsPacket from 'dns-packet';

// A DNS server on 127.0.0.1 for the SSO domain verification tests (SSO_DNS_SERVERS=127.0.0.1:<port>):
// it answers the TXT records a test sets, and NXDOMAIN for names it has none for.

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for SSO_DNS_SERVERS. */
  address: string;
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

/** On a port of the system's choosing, or `port` (the journeys give the server a fixed address). */
export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
    const values = records.get(name);
    const answers: dnsPacket.Answer[] =
      question?.type === 'TXT' && values
        ? values.map((value) => ({ type: 'TXT', name: question.name, ttl: 60, class: 'IN', data: [value] }))
        : [];
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // Recursion desired and available; RCODE 3 (NXDOMAIN) for an unknown name.
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt(name, values) {
      records.set(name.toLowerCase(), values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
