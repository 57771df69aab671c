/**
 * Character references for heading text in the fast scanner.
 *
 * Numeric references are decoded exactly as CommonMark says. Named references
 * use this table of the ones that plausibly appear in headings; the full HTML5
 * table (2,000+ names) would have to be imported from remark's own internals,
 * which the fast path must not load. A named reference outside this table
 * stays literal in `scanMarkdown` while `parseMarkdownAst` decodes it: the one
 * known, documented difference between the two paths.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: "\u00a0", ensp: "\u2002", emsp: "\u2003",
  thinsp: "\u2009", shy: "\u00ad", copy: "\u00a9", reg: "\u00ae", trade: "\u2122", hellip: "\u2026",
  mdash: "\u2014", ndash: "\u2013", lsquo: "\u2018", rsquo: "\u2019", sbquo: "\u201a", ldquo: "\u201c",
  rdquo: "\u201d", bdquo: "\u201e", laquo: "\u00ab", raquo: "\u00bb", lsaquo: "\u2039", rsaquo: "\u203a",
  bull: "\u2022", middot: "\u00b7", times: "\u00d7", divide: "\u00f7", deg: "\u00b0", plusmn: "\u00b1",
  para: "\u00b6", sect: "\u00a7", dagger: "\u2020", Dagger: "\u2021", permil: "\u2030", prime: "\u2032",
  larr: "\u2190", rarr: "\u2192", uarr: "\u2191", darr: "\u2193", harr: "\u2194", lArr: "\u21d0",
  rArr: "\u21d2", uArr: "\u21d1", dArr: "\u21d3", hArr: "\u21d4", le: "\u2264", ge: "\u2265", ne: "\u2260",
  asymp: "\u2248", equiv: "\u2261", infin: "\u221e", sum: "\u2211", prod: "\u220f", radic: "\u221a",
  minus: "\u2212", micro: "\u00b5", euro: "\u20ac", pound: "\u00a3", yen: "\u00a5", cent: "\u00a2",
  curren: "\u00a4", frac12: "\u00bd", frac14: "\u00bc", frac34: "\u00be", sup1: "\u00b9", sup2: "\u00b2",
  sup3: "\u00b3", iexcl: "\u00a1", iquest: "\u00bf", not: "\u00ac", macr: "\u00af", acute: "\u00b4",
  cedil: "\u00b8", ordf: "\u00aa", ordm: "\u00ba", brvbar: "\u00a6", uml: "\u00a8", check: "\u2713",
  cross: "\u2717", star: "\u2606", starf: "\u2605", hearts: "\u2665", spades: "\u2660", clubs: "\u2663",
  diams: "\u2666", loz: "\u25ca", larrhk: "\u21a9", crarr: "\u21b5", forall: "\u2200", exist: "\u2203",
  isin: "\u2208", notin: "\u2209", empty: "\u2205", and: "\u2227", or: "\u2228", cap: "\u2229",
  cup: "\u222a", sub: "\u2282", sup: "\u2283", nabla: "\u2207", part: "\u2202", int: "\u222b",
  there4: "\u2234", sim: "\u223c", lceil: "\u2308", rceil: "\u2309", lfloor: "\u230a", rfloor: "\u230b",
  lang: "\u27e8", rang: "\u27e9", zwnj: "\u200c", zwj: "\u200d", lrm: "\u200e", rlm: "\u200f",
  Alpha: "\u0391", Beta: "\u0392", Gamma: "\u0393", Delta: "\u0394", Theta: "\u0398", Lambda: "\u039b",
  Pi: "\u03a0", Sigma: "\u03a3", Phi: "\u03a6", Psi: "\u03a8", Omega: "\u03a9", alpha: "\u03b1",
  beta: "\u03b2", gamma: "\u03b3", delta: "\u03b4", epsilon: "\u03b5", zeta: "\u03b6", eta: "\u03b7",
  theta: "\u03b8", iota: "\u03b9", kappa: "\u03ba", lambda: "\u03bb", mu: "\u03bc", nu: "\u03bd",
  xi: "\u03be", pi: "\u03c0", rho: "\u03c1", sigma: "\u03c3", tau: "\u03c4", phi: "\u03c6", chi: "\u03c7",
  psi: "\u03c8", omega: "\u03c9", Auml: "\u00c4", Ouml: "\u00d6", Uuml: "\u00dc", auml: "\u00e4",
  ouml: "\u00f6", uuml: "\u00fc", szlig: "\u00df", eacute: "\u00e9", egrave: "\u00e8", ecirc: "\u00ea",
  Eacute: "\u00c9", aacute: "\u00e1", agrave: "\u00e0", acirc: "\u00e2", iacute: "\u00ed", oacute: "\u00f3",
  uacute: "\u00fa", ntilde: "\u00f1", Ntilde: "\u00d1", ccedil: "\u00e7", Ccedil: "\u00c7", aring: "\u00e5",
  Aring: "\u00c5", aelig: "\u00e6", AElig: "\u00c6", oslash: "\u00f8", Oslash: "\u00d8"
}

/**
 * Decodes the reference body between `&` and `;` (`amp`, `#35`, `#x23`), or
 * returns undefined when it is not one this module knows.
 */
export const decodeEntity = (body: string): string | undefined => {
  if (body.charCodeAt(0) !== 35) return Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body] : undefined
  const hex = body.charCodeAt(1) === 120 || body.charCodeAt(1) === 88
  const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10)
  // Same replacement set as micromark (controls, surrogates, noncharacters,
  // out of range), so both paths decode `&#...;` identically.
  if (
    !Number.isFinite(code) ||
    code < 9 ||
    code === 11 ||
    (code > 13 && code < 32) ||
    (code > 126 && code < 160) ||
    (code > 55295 && code < 57344) ||
    (code > 64975 && code < 65008) ||
    (code & 65535) === 65535 ||
    (code & 65535) === 65534 ||
    code > 1114111
  ) {
    return "\ufffd"
  }
  return String.fromCodePoint(code)
}
