// License texts rank below every other answer unless the question asks about licensing
// (src/domain/search/licenseFiles.ts, docs/search.md "License files last").
import { describe, expect, it } from "vitest"
import { asksAboutLicensing, isLicenseFile } from "../../src/domain/search/licenseFiles.js"

describe("license files", () => {
  it("are named as licenses are: LICENSE, LICENCE, COPYING, NOTICE…, and a font's OFL.txt", () => {
    for (const f of ["LICENSE", "LICENSE.txt", "license.md", "LICENCE.txt", "COPYING", "NOTICE.txt", "UNLICENSE", "COPYRIGHT", "fonts/OFL.txt", "canvas-fonts/Lora-OFL.txt", "a/b/Work_Sans_OFL.txt"]) {
      expect(isLicenseFile(f), f).toBe(true)
    }
  })

  it("a guide about licenses, or a name that merely holds the word, is not one", () => {
    for (const f of ["SKILL.md", "reference/licensing.md", "license-check.md", "LICENSE-guide.md", "notices/how-to.md", "templates/notice.md", "copyright.md", "OFL-fonts.md", "profile.txt", "LICENSE.py", "docs/LICENSE/README.md"]) {
      expect(isLicenseFile(f), f).toBe(false)
    }
  })

  it("a question asks about licensing when one of its words is about it, in any case or width", () => {
    expect(asksAboutLicensing(["which", "license", "covers", "the", "fonts"])).toBe(true)
    expect(asksAboutLicensing(["Licensed?"])).toBe(true)
    expect(asksAboutLicensing(["can", "I", "redistribute", "it"])).toBe(true)
    expect(asksAboutLicensing(["ＣＯＰＹＲＩＧＨＴ"])).toBe(true)
    expect(asksAboutLicensing(["copy", "the", "source", "files"])).toBe(false)
    expect(asksAboutLicensing(["include", "a", "notice"])).toBe(false)
  })
})
