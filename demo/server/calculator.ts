/**
 * A tiny arithmetic evaluator for the `calculate` tool that `research` offers
 * the model: numbers, + - * / ^, unary minus and parentheses. No `eval`: the
 * expression comes from a model and is untrusted.
 */
export function evaluate(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|[-+*/^()]|\S/gi) ?? [];
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];

  function primary(): number {
    const token = next();
    if (token === undefined) throw new Error('the expression ends too early');
    if (token === '(') {
      const value = sum();
      if (next() !== ')') throw new Error('a closing parenthesis is missing');
      return value;
    }
    if (token === '-') return -power();
    if (token === '+') return power();
    const value = Number(token);
    if (Number.isNaN(value)) throw new Error(`unexpected "${token}"`);
    return value;
  }
  function power(): number {
    const base = primary();
    if (peek() === '^') {
      next();
      return base ** power();
    }
    return base;
  }
  function product(): number {
    let value = power();
    while (peek() === '*' || peek() === '/') {
      value = next() === '*' ? value * power() : value / power();
    }
    return value;
  }
  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-') {
      value = next() === '+' ? value + product() : value - product();
    }
    return value;
  }

  if (tokens.length === 0) throw new Error('the expression is empty');
  const value = sum();
  if (pos < tokens.length) throw new Error(`unexpected "${tokens[pos]}"`);
  if (!Number.isFinite(value)) throw new Error('the result is not a finite number');
  return value;
}
