// The limit a benchmark is measured against: a plain node:http server that answers each recorded
// path with the very bytes (status, headers, body) the real server sent for it, doing nothing
// else. Started by scripts/bench.mjs as its own process: node limit-server.mjs responses.json
// It prints its port on the first line of standard output.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = new Map(
  recorded.map((r) => [
    `${r.method} ${r.path}`,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
  ]),
);

const server = http.createServer((req, res) => {
  // Exact path first; a target that varies its query (rotating search terms) is recorded once
  // under its bare path.
  const answer =
    answers.get(`${req.method} ${req.url}`) ??
    answers.get(`${req.method} ${req.url.split('?')[0]}`);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  // A request body (the checkout) is read in full, as the real server must.
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
