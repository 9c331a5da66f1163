/**
 * What a server's V8 CPU profile (`npm run bench -- --profile DIR`) spent its time on between two moments: one
 * route's seconds of a bench run, without the warm-up, the other routes or the idle time between them.
 *
 *   node --import tsx bench/profile-window.ts FILE.cpuprofile FROM_S TO_S [ROWS]
 *
 * FROM_S and TO_S are seconds from the profile's start (the bench's log gives each route's start and end; the server
 * starts a few seconds before its first line). Prints the busy time, then the functions by their own time and by
 * their inclusive time (a function counted once per sample however deep its recursion).
 */
import fs from "node:fs";

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface TProfile {
  nodes: TNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, from = "0", to = "1e9", rows = "40"] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-window.ts FILE.cpuprofile FROM_S TO_S [ROWS]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as TProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** A package's name, or our file's path from src/, or "(native)". */
const whereOf = (url: string) =>
  url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? url.match(/\/(src\/.*)$/)?.[1] ?? (url || "(native)");
const nameOf = (node: TNode) => `${node.callFrame.functionName || "(anonymous)"} ${whereOf(node.callFrame.url)}`;

const own = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
let busy = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  const seconds = (at - profile.startTime) / 1e6;
  const node = byId.get(profile.samples[i]!)!;
  if (seconds < Number(from) || seconds > Number(to) || node.callFrame.functionName === "(idle)") continue;
  // A sample stands for the time until the next one.
  const us = profile.timeDeltas[i + 1] ?? 0;
  busy += us;
  add(own, `${nameOf(node)}:${node.callFrame.lineNumber}`, us);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
    const name = nameOf(byId.get(id)!);
    if (!seen.has(name)) add(inclusive, name, us);
    seen.add(name);
  }
}

const table = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows))
    .map(
      ([name, us]) =>
        `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`,
    )
    .join("\n");
console.log(`busy ${(busy / 1000).toFixed(0)} ms between ${from} s and ${to} s\n\nown time:\n${table(own)}`);
console.log(`\ninclusive:\n${table(inclusive)}`);
