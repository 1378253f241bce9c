// Error codes and messages of the engine. Errors are collected with a position and
// never thrown to the host; the host decides what to show.
import type { TemplateError } from './plugins/types.ts';

export const ErrorCode = {
  FormatterUnknown: 'FORMATTER_UNKNOWN',
  FormatterArgs: 'FORMATTER_ARGS_INVALID',
  FormatterFailed: 'FORMATTER_FAILED',
  PredicateUnknown: 'PREDICATE_UNKNOWN',
  PredicateFailed: 'PREDICATE_FAILED',
  EofInBlock: 'EOF_IN_BLOCK',
  EofInComment: 'EOF_IN_COMMENT',
  NotAllowedHere: 'NOT_ALLOWED_HERE',
  IfMixedOperators: 'IF_MIXED_OPERATORS',
  PartialNotFound: 'APPLY_PARTIAL_MISSING',
  PartialTooDeep: 'APPLY_PARTIAL_TOO_DEEP',
  PartialParse: 'APPLY_PARTIAL_SYNTAX',
  InjectMissing: 'INJECT_MISSING',
  InvalidFunction: 'EXPR_INVALID_FUNCTION',
  ExprSyntax: 'EXPR_SYNTAX',
  /** An expression met an object or array, which expressions cannot use. */
  ExprValue: 'EXPR_VALUE',
  UnterminatedString: 'EXPR_UNTERMINATED_STRING',
  TokenLimit: 'EXPR_TOKEN_LIMIT',
  StringLimit: 'EXPR_STRING_LIMIT',
  BudgetInstructions: 'BUDGET_INSTRUCTIONS',
  BudgetOutput: 'BUDGET_OUTPUT',
  BudgetTime: 'BUDGET_TIME',
  BudgetValue: 'BUDGET_VALUE_SIZE',
  RenderFailed: 'RENDER_FAILED',
  TemplateTooComplex: 'TEMPLATE_TOO_COMPLEX',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export function makeError(
  code: string,
  message: string,
  line: number,
  column: number,
): TemplateError {
  return { code, message, line, column };
}

/** Maps source offsets to 1-based line and column without rescanning the source. */
export class LineMap {
  private readonly starts: number[] = [0];

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
    }
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }
}
