/**
 * What is worked out from a statement's text (its prepared name, the tables it writes), kept by the
 * text: a one-statement reader write sends the same 5–10 KB text on every call (its values are
 * parameters), and hashing it and running regular expressions over it on every call was a tenth of
 * the server's CPU per booking (stop 40) and 4 % per check-in mark (stop 44). A string's hash is
 * kept in the string, so the lookup hashes each text once and compares it once. Bounded: texts made
 * once (inline values: a seed's, an import's) empty it when it is full.
 */
export function byText<T>(work: (text: string) => T, kept = 500): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined || known.has(text)) return found as T;
    const value = work(text);
    if (known.size >= kept) known.clear();
    known.set(text, value);
    return value;
  };
}
