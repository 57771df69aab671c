/**
 * Martin Porter's English stemmer (1980), the algorithm FTS5's `porter`
 * tokenizer and most IR toolkits use, so `processing`, `processes` and
 * `processed` all become `process`. Compact regex formulation after
 * Porter's own reference JavaScript port; tested against his published
 * vocabulary samples in test/domain/protocol-stem.test.ts.
 */
const step2: Readonly<Record<string, string>> = {
  ational: "ate", tional: "tion", enci: "ence", anci: "ance", izer: "ize", bli: "ble", alli: "al", entli: "ent",
  eli: "e", ousli: "ous", ization: "ize", ation: "ate", ator: "ate", alism: "al", iveness: "ive", fulness: "ful",
  ousness: "ous", aliti: "al", iviti: "ive", biliti: "ble", logi: "log"
}
const step3: Readonly<Record<string, string>> = { icate: "ic", ative: "", alize: "al", iciti: "ic", ical: "ic", ful: "", ness: "" }

const c = "[^aeiou]"
const v = "[aeiouy]"
const C = c + "[^aeiouy]*"
const V = v + "[aeiou]*"
const mGt0 = new RegExp("^(" + C + ")?" + V + C)
const mEq1 = new RegExp("^(" + C + ")?" + V + C + "(" + V + ")?$")
const mGt1 = new RegExp("^(" + C + ")?" + V + C + V + C)
const hasVowel = new RegExp("^(" + C + ")?" + v)
const cvc = new RegExp("^" + C + v + "[^aeiouwxy]$")

const STEP2 = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/
const STEP3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/
const STEP4 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/

/** Stem one lowercase ASCII word; other words come back unchanged. */
export const porterStem = (word: string): string => {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word
  let w = word
  const initialY = w[0] === "y"
  if (initialY) w = "Y" + w.slice(1)

  // Step 1a: plurals.
  if (/^(.+?)(ss|i)es$/.test(w)) w = w.replace(/^(.+?)(ss|i)es$/, "$1$2")
  else if (/^(.+?)([^s])s$/.test(w)) w = w.replace(/^(.+?)([^s])s$/, "$1$2")

  // Step 1b: -eed, -ed, -ing.
  let m: RegExpExecArray | null
  if ((m = /^(.+?)eed$/.exec(w)) !== null) {
    if (mGt0.test(m[1]!)) w = w.slice(0, -1)
  } else if ((m = /^(.+?)(ed|ing)$/.exec(w)) !== null && hasVowel.test(m[1]!)) {
    w = m[1]!
    if (/(at|bl|iz)$/.test(w)) w += "e"
    else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1)
    else if (cvc.test(w)) w += "e"
  }

  // Step 1c: y → i after a vowel-bearing stem.
  if ((m = /^(.+?)y$/.exec(w)) !== null && hasVowel.test(m[1]!)) w = m[1]! + "i"

  if ((m = STEP2.exec(w)) !== null && mGt0.test(m[1]!)) w = m[1]! + step2[m[2]!]
  if ((m = STEP3.exec(w)) !== null && mGt0.test(m[1]!)) w = m[1]! + step3[m[2]!]

  // Step 4: drop a suffix when the stem keeps measure > 1.
  if ((m = STEP4.exec(w)) !== null) {
    if (mGt1.test(m[1]!)) w = m[1]!
  } else if ((m = /^(.+?)(s|t)(ion)$/.exec(w)) !== null) {
    const stem = m[1]! + m[2]!
    if (mGt1.test(stem)) w = stem
  }

  // Step 5: final -e and -ll.
  if ((m = /^(.+?)e$/.exec(w)) !== null) {
    const stem = m[1]!
    if (mGt1.test(stem) || (mEq1.test(stem) && !cvc.test(stem))) w = stem
  }
  if (/ll$/.test(w) && mGt1.test(w)) w = w.slice(0, -1)

  if (initialY) w = "y" + w.slice(1)
  return w
}
