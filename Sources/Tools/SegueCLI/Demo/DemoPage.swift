import SegueEngine
import SegueModel

/// The demo's `index.html`: every transition with its preview, its spec and
/// the parameters of the effects it uses. Self-contained (no scripts, no
/// network), so it opens from the file system.
enum DemoPage {
    /// What was rendered for one entry.
    struct Rendered {
        let entry: DemoEntry
        let effects: [EffectDescriptor]
        let frames: Int
        let width: Int
        let height: Int
        let sheetWidth: Int
        let sheetHeight: Int
    }

    static func html(sections: [(DemoGallery.Section, [Rendered])], version: String) -> String {
        var body = ""
        for (section, items) in sections {
            body += "<section>\n<h2>\(escape(section.title))</h2>\n<p class=\"about\">\(escape(section.about))</p>\n<div class=\"grid\">\n"
            for item in items { body += card(item) }
            body += "</div>\n</section>\n"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Segue demo</title>
            <style>
            body { background: #111113; color: #e8e8ec; font: 15px/1.45 -apple-system, "DejaVu Sans", sans-serif; margin: 0; padding: 24px 32px; }
            h1 { font-size: 28px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 32px 0 4px; }
            .about { color: #9a9aa2; margin: 0 0 16px; }
            .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(500px, 1fr)); gap: 20px; }
            figure { background: #1c1c1e; border-radius: 12px; margin: 0; padding: 12px; }
            figure img.preview { width: 100%; height: auto; border-radius: 6px;
              background: repeating-conic-gradient(#2a2a2d 0% 25%, #3a3a3d 0% 50%) 0 0 / 16px 16px; }
            figcaption h3 { font-size: 16px; margin: 10px 0 2px; }
            code { display: block; background: #0c0c0d; color: #ffd479; padding: 6px 8px; border-radius: 6px;
              font: 12.5px/1.4 "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-word; margin: 6px 0; }
            code.animation { color: #8fd6ff; }
            table { border-collapse: collapse; font-size: 12.5px; margin-top: 6px; width: 100%; }
            th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #2c2c2f; vertical-align: top; }
            th { color: #9a9aa2; font-weight: normal; }
            a { color: #8fd6ff; }
            </style>
            </head>
            <body>
            <h1>Segue demo</h1>
            <p class="about">SwiftUI's transitions rendered by Segue \(escape(version)): every preview below is an animated WebP
            that loops, with its contact sheet, the spec that made it and the parameters of its effects.
            Checkerboards show transparency.</p>
            \(body)
            </body>
            </html>

            """
    }

    private static func card(_ item: Rendered) -> String {
        let e = item.entry
        var html = """
            <figure id="\(e.slug)">
            <img class="preview" src="\(e.slug).webp" width="\(item.width)" height="\(item.height)" data-frames="\(item.frames)" alt="\(escape(e.title))">
            <figcaption>
            <h3>\(escape(e.title))</h3>
            <p>\(escape(e.about))</p>
            <code>\(escape(e.transition))</code>
            <code class="animation">\(escape(e.animation))</code>
            <a href="\(e.slug).png" data-width="\(item.sheetWidth)" data-height="\(item.sheetHeight)">contact sheet</a>

            """
        for effect in item.effects where !effect.parameters.isEmpty {
            html += "<table><tr><th colspan=\"4\">.\(escape(effect.name)) — \(escape(effect.summary))</th></tr>\n"
            for p in effect.parameters {
                let range = p.range.map { " \(SpecFormat.number($0.lowerBound))…\(SpecFormat.number($0.upperBound))" } ?? ""
                let values = p.active == p.identity ? SpecFormat.value(p.active)
                    : "\(SpecFormat.value(p.active)) → \(SpecFormat.value(p.identity))"
                html += "<tr><td>\(escape(p.name))</td><td>\(escape(p.kind.name + range))\(p.isAnimatable ? ", animatable" : "")</td>"
                    + "<td>\(escape(values))</td><td>\(escape(p.summary))</td></tr>\n"
            }
            html += "</table>\n"
        }
        return html + "</figcaption>\n</figure>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
