// The project's layers, checked in `npm test` (npm run layers). core/http is the HTTP adapter at the top of core: it
// assembles the faces; nothing below it knows HTTP, and nothing in core knows the handlers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two files one unit that cannot be read or tested apart; move the shared part below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-not-to-handlers',
      severity: 'error',
      comment: 'Handlers compose core; core never reaches back up into an operation.',
      from: { path: '^core/' },
      to: { path: '^handlers/' },
    },
    {
      name: 'only-http-knows-http',
      severity: 'error',
      comment:
        'core/http is the adapter: geo, json, store, release, data, the faces and the handlers use core/context.ts, never core/http.',
      from: { path: '^(core|handlers)/', pathNot: '^core/http/' },
      to: { path: '^core/http/' },
    },
    {
      name: 'http-frameworks-in-the-adapter',
      severity: 'error',
      comment: 'h3, srvx and openapi-backend are known only to core/http (scripts may start the assembled app).',
      from: { pathNot: '^core/http/' },
      to: { path: 'node_modules/(h3|srvx|openapi-backend)/' },
    },
    {
      name: 'scripts-not-from-tests',
      severity: 'error',
      comment: 'Scripts (benchmarks, CLIs) run without the test tree; share code through core/ or scripts/.',
      from: { path: '^scripts/' },
      to: { path: '^test/' },
    },
    {
      name: 'production-not-from-tests-or-scripts',
      severity: 'error',
      comment: 'What the server runs never depends on tests or scripts.',
      from: { path: '^(core|handlers|generated)/' },
      to: { path: '^(test|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.venv|generated/.*/client)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
