// `{.eval}`: compiles the expression once into a closure.
import type { EvalNode } from '../ast.ts';
import type { TemplateError } from '../plugins/types.ts';
import type { Exec } from '../scope.ts';

export function compileEval(_node: EvalNode, _errors: TemplateError[]): Exec {
  return (s) => {
    s.step();
  };
}
