// Reference server (a) of the HTTP benchmark: bare node:http answering every request with one fixed JSON body (a real
// /v1/scenes/nearby response of the same size as ours). `--stringify` re-serialises the parsed body on each request
// instead of sending stored bytes, to show what JSON.stringify alone costs. Listens on PORT (127.0.0.1).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { body: { type: 'string' }, stringify: { type: 'boolean', default: false } } });
if (!values.body) throw new Error('usage: bare-server.ts --body FILE [--stringify]');
const bytes = readFileSync(values.body);
const parsed: unknown = JSON.parse(bytes.toString('utf8'));

const server = createServer((_request, response) => {
  const body = values.stringify ? Buffer.from(JSON.stringify(parsed)) : bytes;
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'public, max-age=300',
  });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
