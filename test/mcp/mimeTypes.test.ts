// The Skills extension (Resource Metadata): "Other files in the skill use the `mimeType` appropriate to their
// content". XML schemas and stylesheets are XML text: typed so, and listed by resources/list as text is.
import { describe, expect, it } from "vitest"
import { listedByDefault, mimeTypeOf } from "../../src/mcp/skillResources.js"

describe("skill file MIME types (Skills extension, Resource Metadata)", () => {
  it("XML by another name (.xsd, .xsl, .xslt, .dtd) is XML, and listed as text", () => {
    expect(mimeTypeOf("scripts/office/schemas/dml-chart.xsd")).toBe("application/xml")
    expect(mimeTypeOf("a/b.XSL")).toBe("application/xml")
    expect(mimeTypeOf("t.xslt")).toBe("application/xml")
    expect(mimeTypeOf("x.dtd")).toBe("application/xml-dtd")
    for (const p of ["s.xsd", "s.xsl", "s.xslt", "s.dtd", "notes.md", "Makefile"]) expect(listedByDefault(p)).toBe(true)
    // Binaries stay out of the listing.
    expect(listedByDefault("assets/logo.png")).toBe(false)
    expect(mimeTypeOf("archive.bin")).toBe("application/octet-stream")
  })

  // A probe over trailofbits' skills: `scripts/uv.lock` was typed binary and left out of resources/list.
  it("lock files, configuration, source code and extensionless text names are text, and listed", () => {
    for (const p of ["scripts/uv.lock", "setup.cfg", "a.ini", "q.sql", "c.tsx", "m.go", "x.rs", "contract.sol", "main.tf", "LICENSE"]) {
      expect(mimeTypeOf(p), p).not.toBe("application/octet-stream")
      expect(listedByDefault(p), p).toBe(true)
    }
    expect(mimeTypeOf("LICENSE")).toBe("text/plain")
  })
})
