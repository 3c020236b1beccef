/**
 * Folders of server/src that import each other in a circle, at every depth, type-only imports
 * included: `npm run lint:imports` pipes dependency-cruiser's JSON for server/src in here, and a
 * cycle fails the lint naming its folders and one import of each step. dependency-cruiser's own
 * `scope: 'folder'` circular rule (`no-folder-cycles` in .dependency-cruiser.cjs) only links a
 * folder to the innermost folder of each module it imports, so it misses a cycle whose way back
 * goes into a subfolder (domain → payments, payments/sandbox → domain); this check does not.
 *
 * At each depth d, every module below that depth stands for its folder of d segments
 * (server/src/domain/accounts/x.ts at depth 4 is server/src/domain/accounts); an import between
 * two such folders links them; a strongly connected set of two or more folders is a cycle.
 * Files directly in a folder belong to no folder of that depth (app.ts assembles everything).
 */
import { readFileSync } from 'node:fs';

interface Dependency {
  resolved: string;
  coreModule: boolean;
  couldNotResolve: boolean;
}
interface Module {
  source: string;
  dependencies: Dependency[];
}

const root = 'server/src/';
/** Tests and their helpers set up data across areas: like `tests` in .dependency-cruiser.cjs. */
const tests = /\.(test|spec)\.tsx?$|\/test\/|\/operations\//;
// depcruise's JSON from the file named (package.json's lint:imports writes one), else from stdin.
const { modules } = JSON.parse(readFileSync(process.argv[2] ?? 0, 'utf8')) as { modules: Module[] };

/** The module's folder of `depth` path segments, or null when the module is not below it. */
function folderAt(path: string, depth: number): string | null {
  const parts = path.split('/');
  return parts.length > depth ? parts.slice(0, depth).join('/') : null;
}

type Edges = Map<string, Map<string, string>>;

function folderEdges(depth: number): Edges {
  const edges: Edges = new Map();
  for (const module of modules) {
    const from =
      module.source.startsWith(root) && !tests.test(module.source) ? folderAt(module.source, depth) : null;
    if (!from) continue;
    for (const dependency of module.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve) continue;
      if (!dependency.resolved.startsWith(root) || tests.test(dependency.resolved)) continue;
      const to = folderAt(dependency.resolved, depth);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components of two or more nodes. */
function knots(edges: Edges): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const deepest = Math.max(...modules.map((module) => module.source.split('/').length));
let failures = 0;
for (let depth = root.split('/').length; depth < deepest; depth += 1) {
  const edges = folderEdges(depth);
  for (const knot of knots(edges)) {
    failures += 1;
    console.error(`\nerror no-folder-cycles: these folders import each other in a circle:`);
    for (const from of knot) {
      for (const [to, example] of edges.get(from) ?? []) {
        if (knot.includes(to)) console.error(`  ${from} → ${to}  (${example})`);
      }
    }
  }
}
if (failures > 0) {
  console.error(
    `\n${failures} folder cycle(s) in ${root}: a folder imports only folders that do not import it back ` +
      '(ARCHITECTURE.md, "Tiers").',
  );
  process.exit(1);
}
console.log(`no folder cycles in ${root} (${modules.length} modules, every depth)`);
