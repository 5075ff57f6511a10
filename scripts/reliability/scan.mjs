// Scanners written by someone else: Debian's sqlmap over the API's query, path, header and body
// parameters, and wapiti over the site, against the built server with the demo data (PGlite,
// fresh data folder). Fails when sqlmap finds an injection or wapiti a high or critical finding.
//
//   node scripts/reliability/scan.mjs [--only sqlmap|wapiti] [--targets <name part>]
//                                      [--level 3] [--risk 2] [--report <file.json>] [--keep]
// Needs `apt-get install sqlmap wapiti`. Slow (tens of minutes on 2 cores): not part of CI.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  api,
  createCoordinator,
  ensureBuilt,
  findPackages,
  makeDataDir,
  orderBody,
  removeDir,
  signUp,
  staffLogin,
  startServer,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    level: { type: 'string', default: '3' },
    risk: { type: 'string', default: '2' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'wapiti-minutes': { type: 'string', default: '20' },
    /** Only the sqlmap targets whose name contains this. */
    targets: { type: 'string' },
  },
});

for (const tool of ['sqlmap', 'wapiti']) {
  if (values.only && values.only !== tool) continue;
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`${tool} is not installed (apt-get install -y sqlmap wapiti)`);
    process.exit(2);
  }
}

ensureBuilt();
const work = makeDataDir('noise-scan-');
const server = await startServer({
  dataDir: path.join(work, 'data'),
  // Scanners hammer the sign-in: the per-account and per-address limits would answer 429s that
  // hide what the endpoint itself does.
  env: { AUTH_ACCOUNT_MAX_FAILURES: '1000000', UPLOAD_RATE_LIMIT_PER_MINUTE: '1000000' },
});
const base = server.url;
console.log(`server ${base} (pid ${server.pid})`);

function run(command, args, logFile, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      writeFileSync(logFile, out);
      resolve({ code, out });
    });
  });
}

const report = { date: new Date().toISOString(), sqlmap: [], wapiti: null };
let failed = false;

try {
  // Demo data plus a customer with a paid order, and a staff sign-in.
  const staff = await staffLogin(base);
  const coordinatorId = await createCoordinator(base, staff);
  const customer = await signUp(base, 1);
  const { oneTime } = await findPackages(base);
  const order = await api(base, 'POST', '/api/payments/handle-payment', {
    token: customer.token,
    body: await orderBody({ choice: oneTime, customer, coordinatorId, extras: 1 }),
  });
  const me = await api(base, 'GET', '/api/auth/user', { token: customer.token });
  const service = (await api(base, 'GET', '/api/services'))[0]._id;
  const page = (await api(base, 'GET', '/api/pages'))[0]._id;
  const bearer = (token) => ['-H', `Authorization: Bearer ${token}`];

  if (values.only !== 'wapiti') {
    const targets = [
      { name: 'search q', args: ['-u', `${base}/api/services/search?q=seo`, '-p', 'q'] },
      {
        // Fuzzy search answers 'q AND 1=1' and 'q AND 1=2' differently, so the boolean test sees a
        // difference, then rejects it as a false positive and stops; test the other techniques.
        name: 'search q (error, union, stacked, time)',
        args: ['-u', `${base}/api/services/search?q=seo`, '-p', 'q', '--technique=EUST'],
      },
      { name: 'service id (path)', args: ['-u', `${base}/api/services/${service}*`] },
      { name: 'page id (path)', args: ['-u', `${base}/api/pages/${page}*`] },
      {
        name: 'sign-in body',
        args: [
          '-u',
          `${base}/api/auth/login`,
          '--data',
          JSON.stringify({ username: 'nobody@example.com', password: 'not the password' }),
          '--ignore-code=401',
        ],
      },
      {
        name: 'staff sign-in body',
        args: [
          '-u',
          `${base}/api/auth/admin-login`,
          '--data',
          JSON.stringify({ login: 'nobody@example.com', password: 'not the password' }),
          '--ignore-code=401',
        ],
      },
      {
        name: 'sign-up body',
        args: [
          '-u',
          `${base}/api/auth/signup`,
          '--data',
          JSON.stringify({
            firstName: 'Sql',
            lastName: 'Map',
            email: 'sqlmap@example.com',
            phoneNumber: '0412345678',
            password: 'sqlmap password 1',
          }),
          '--ignore-code=409',
        ],
      },
      {
        name: 'signed-in: bearer header',
        args: [
          '-u',
          `${base}/api/users/profile`,
          '-H',
          `Authorization: Bearer ${customer.token}*`,
          '--ignore-code=401',
        ],
      },
      {
        name: 'signed-in: project id (path)',
        args: ['-u', `${base}/api/projects/${order.projectId}*`, ...bearer(customer.token)],
      },
      {
        name: 'signed-in: projects userId',
        args: [
          '-u',
          `${base}/api/projects?userId=${me._id}`,
          '-p',
          'userId',
          ...bearer(customer.token),
        ],
      },
      {
        name: 'staff: sales filters',
        args: [
          '-u',
          `${base}/api/projects-all?company=Reliability&service=${service}&status=active&teamMember=${coordinatorId}&dateRange=allTime&type=Project&limit=25`,
          ...bearer(staff),
        ],
      },
      {
        name: 'staff: customer search q',
        args: ['-u', `${base}/api/users/clients?q=reli`, ...bearer(staff)],
      },
      {
        name: 'pdf url',
        args: ['-u', `${base}/api/pdf?url=/uploads/nothing.pdf`, '-p', 'url', '--ignore-code=404'],
      },
    ];
    const outDir = path.join(work, 'sqlmap');
    mkdirSync(outDir, { recursive: true });
    for (const [i, target] of targets.entries()) {
      if (values.targets && !target.name.includes(values.targets)) continue;
      const started = Date.now();
      const { out } = await run(
        'sqlmap',
        [
          ...target.args,
          '--batch',
          `--level=${values.level}`,
          `--risk=${values.risk}`,
          '--threads=4',
          '--timeout=15',
          '--retries=1',
          '--flush-session',
          '--disable-coloring',
          `--output-dir=${outDir}`,
          '-t',
          path.join(work, `sqlmap-${i}.traffic`),
          // The product sends no cookies; sqlmap must not invent a session.
          '--drop-set-cookie',
        ],
        path.join(work, `sqlmap-${i}.log`),
      );
      const injectable = /identified the following injection point/.test(out);
      const clean = /do not appear to be injectable|does not seem to be injectable/.test(out);
      let requests;
      try {
        requests = (
          readFileSync(path.join(work, `sqlmap-${i}.traffic`), 'latin1').match(
            /HTTP request \[#/g,
          ) ?? []
        ).length;
      } catch {
        requests = undefined;
      }
      const result = {
        target: target.name,
        verdict: injectable ? 'INJECTABLE' : clean ? 'not injectable' : 'inconclusive',
        seconds: Math.round((Date.now() - started) / 1000),
        requests,
        criticals: out
          .split('\n')
          .filter((l) => /\[CRITICAL\]/.test(l))
          .slice(0, 3),
      };
      report.sqlmap.push(result);
      console.log(
        `sqlmap ${result.target}: ${result.verdict} (${result.requests ?? '?'} requests, ${result.seconds} s)`,
      );
      if (injectable) {
        failed = true;
        console.log(out.slice(out.indexOf('identified the following injection point')));
      }
      if (!injectable && !clean) console.log(result.criticals.join('\n'));
    }
  }

  if (values.only !== 'sqlmap') {
    const started = Date.now();
    const output = path.join(work, 'wapiti.json');
    const modules = [
      'blindsql',
      'cookieflags',
      'crlf',
      'csp',
      'exec',
      'file',
      'http_headers',
      'methods',
      'permanentxss',
      'redirect',
      'sql',
      'xss',
      'htaccess',
      'shellshock',
    ].join(',');
    const starts = [
      `/services/${service}`,
      `/pages/${page}`,
      '/api/services',
      '/api/services/search?q=seo',
      `/api/services/${service}`,
      `/api/pages/${page}`,
      '/api/industries',
      '/api/pdf?url=/uploads/nothing.pdf',
      '/sitemap.xml',
      // Signed in as staff (the header below): the customer search and the sales filters.
      '/api/users/clients?q=reli',
      `/api/projects-all?company=Reliability&service=${service}&status=active&dateRange=allTime&type=Project&limit=25`,
      `/api/projects?userId=${me._id}`,
    ].flatMap((p) => ['-s', `${base}${p}`]);
    // Wapiti downloads its technology database when it has none: give it an empty one, and
    // send anything else it wants from outside to a closed local port.
    const configDir = path.join(work, 'wapiti-config');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(path.join(configDir, 'apps.json'), JSON.stringify({ apps: {}, categories: {} }));
    const { code } = await run(
      'wapiti',
      [
        '-u',
        `${base}/`,
        '--scope',
        'folder',
        ...starts,
        '-m',
        modules,
        '-f',
        'json',
        '-o',
        output,
        '--flush-session',
        '--store-session',
        path.join(work, 'wapiti-session'),
        '--store-config',
        configDir,
        '-H',
        `Authorization: Bearer ${staff}`,
        '--max-scan-time',
        String(Number(values['wapiti-minutes']) * 60),
        '--no-bugreport',
        '-v',
        '1',
      ],
      path.join(work, 'wapiti.log'),
      {
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
      },
    );
    const json = JSON.parse(readFileSync(output, 'utf8'));
    const summarize = (group) =>
      Object.entries(group ?? {})
        .filter(([, items]) => items.length)
        .map(([category, items]) => ({
          category,
          count: items.length,
          levels: [...new Set(items.map((v) => Number(v.level)))],
          examples: items
            .slice(0, 3)
            .map((v) => `${v.method} ${v.path} ${v.parameter ?? ''}: ${v.info}`),
        }));
    const vulnerabilities = summarize(json.vulnerabilities);
    const anomalies = summarize(json.anomalies);
    const high = vulnerabilities.filter((v) => v.levels.some((l) => l >= 3));
    report.wapiti = {
      exitCode: code,
      seconds: Math.round((Date.now() - started) / 1000),
      urlsCrawled: json.infos?.crawled_pages_nbr ?? json.infos?.crawled_pages?.length,
      vulnerabilities,
      anomalies,
      additionals: summarize(json.additionals),
    };
    console.log(`wapiti: ${JSON.stringify(report.wapiti, null, 2)}`);
    if (high.length) {
      failed = true;
      console.log(`wapiti HIGH findings: ${high.map((h) => h.category).join(', ')}`);
    }
  }

  const crashed = server.output().match(/"level":50.*$/gm) ?? [];
  report.serverErrors = crashed.length;
  if (crashed.length) {
    console.log(`${crashed.length} server errors logged during the scans, e.g.:`);
    console.log(crashed.slice(0, 3).join('\n'));
  }
  if (values.report) writeFileSync(values.report, JSON.stringify(report, null, 2));
  const inconclusive = report.sqlmap.filter((r) => r.verdict === 'inconclusive');
  if (inconclusive.length) {
    console.log(`sqlmap inconclusive: ${inconclusive.map((r) => r.target).join(', ')}`);
  }
  console.log(failed ? 'FAILED' : 'OK: sqlmap found no injection, wapiti nothing high');
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.kill('SIGTERM');
  if (values.keep) console.log(`logs kept in ${work}`);
  else removeDir(work);
}
