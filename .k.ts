import * as reference from '@squarespace/template-engine';
const R = reference.Compiler as any;
const c = new R({ formatters: reference.Formatters, predicates: reference.Predicates });
function spy(obj: any, path: string, log: Set<string>): any {
  return new Proxy(obj, { getOwnPropertyDescriptor(t, k) { log.add(path + '#own:' + String(k)); return Reflect.getOwnPropertyDescriptor(t, k); }, has(t, k) { log.add(path + '#has:' + String(k)); return k in t; }, get(t, k) { if (typeof k === 'string') log.add(path + k); const v = t[k]; return v && typeof v === 'object' ? spy(v, path + String(k) + '.', log) : v; } });
}
for (const t of process.argv.slice(2)) {
  const log = new Set<string>();
  const json = JSON.parse(process.env.J ?? "{\"item\":{\"a\":1},\"localizedStrings\":{}}");
  const out = c.execute({ code: c.parse(t).code, json: spy(json, '', log), enableExpr: true }).ctx.render();
  console.log(t, JSON.stringify(out), [...log].filter(k => !['then','toJSON','constructor'].includes(k)).join(' '));
}
