// `{.eval}`: the expression is tokenized and compiled once; rendering runs closures.
// Parse errors are reported at compile time and the instruction then prints nothing.
import type { EvalNode } from '../ast.ts';
import { makeError } from '../errors.ts';
import type { TemplateError } from '../plugins/types.ts';
import type { Exec } from '../state.ts';
import { toOutput } from '../values.ts';
import { ExprError, tokenize, type ExprLimits } from './lexer.ts';
import { ExprParser } from './parser.ts';

export function compileEval(node: EvalNode, errors: TemplateError[], limits: ExprLimits): Exec {
  let statements;
  try {
    statements = new ExprParser(tokenize(node.code, limits)).parseProgram();
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    errors.push(
      makeError(e.code, `Error in expression "${node.code}": ${e.message}`, node.line, node.column),
    );
    return (s) => s.step();
  }
  const last = statements[statements.length - 1];
  const prints = last !== undefined && !last.assignment;
  return (s) => {
    s.step();
    let v: unknown;
    try {
      for (const st of statements) v = st.run(s);
    } catch (e) {
      if (!(e instanceof ExprError)) throw e;
      // A value an expression cannot use ends this expression only; it prints nothing.
      s.at(node.line, node.column);
      s.error(e.code, `Error in expression "${node.code}": ${e.message}`);
      return;
    }
    if (prints) s.emit(toOutput(v));
  };
}
