/**
 * The baseline: a bare node:http server answering every request with the very bytes (and encoding)
 * GreenCart sent for the same request. Run as its own process so it does not share the load
 * generator's event loop; prints its port on stdout.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const { file, headers } = JSON.parse(process.argv[2]);
const body = readFileSync(file);
const server = http.createServer((req, res) => {
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
