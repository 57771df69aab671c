/**
 * Which raw HTML a heading's (or link's) plain text drops. CommonMark reads
 * any `<name …>` as an inline HTML tag, so `## std::span<T>` is the text
 * "std::span" followed by a tag `<T>`; dropping every tag made the heading
 * "std::span" in the outline and the index, and `skc show --section
 * "std::span<T>"` — the heading as the file says it — E020 (a published C++
 * skill's `std::generator<T>`, `std::indirect<T>`). A tag is markup only
 * when it names an HTML element (`<br>`, `<a name="x">`, `<kbd>`) or a
 * custom element (a name with a hyphen, `<my-widget>`); comments,
 * processing instructions, declarations and CDATA are markup too. Any other
 * tag (`<T>`, `<Props>`, `<T extends Base>`) is a type parameter or a
 * placeholder to its reader, and stays as written. Both readers of headings
 * (remark's tree in ast.ts, the scanner in inline.ts) ask this one question.
 */
const ELEMENTS: ReadonlySet<string> = new Set(
  (
    "a abbr acronym address area article aside audio b base bdi bdo big blink blockquote body br button canvas caption " +
    "center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption " +
    "figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd " +
    "label legend li link main map mark marquee math menu meta meter nav nobr noembed noframes noscript object ol " +
    "optgroup option output p param picture plaintext pre progress q rb rp rt rtc ruby s samp script search section " +
    "select slot small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th " +
    "thead time title tr track tt u ul var video wbr"
  ).split(" ")
)

const TAG_NAME = /^<\/?([A-Za-z][A-Za-z0-9-]*)/

/** Whether raw inline HTML (as CommonMark recognised it) is markup, dropped from plain text, rather than text. */
export const isHtmlMarkup = (raw: string): boolean => {
  const name = TAG_NAME.exec(raw)?.[1]
  if (name === undefined) return true
  const lower = name.toLowerCase()
  return ELEMENTS.has(lower) || lower.includes("-")
}
