import SegueBasics
import SegueCompositor
import SegueText
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    struct Job: Sendable {
        var text: String
        var font: FontDescription
        var color: Color
    }

    /// Sizes no other test uses, so the threads meet a cold cache and race to
    /// rasterise and insert the same glyphs.
    static let jobs: [Job] = [
        Job(text: "HELLO WORLD", font: FontDescription(size: 41), color: .black),
        Job(text: "count 0123456789", font: FontDescription(size: 23.25), color: Color(red: 1, green: 0.5, blue: 0)),
        Job(text: "Bold Moves", font: FontDescription(size: 41, weight: .bold), color: .white),
        Job(text: "Serif ÆØÅ", font: FontDescription(family: "DejaVu Serif", size: 37), color: Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
        Job(text: "Typewriter", font: FontDescription(family: "monospace", size: 19), color: .black),
        Job(text: "AVAWAY To", font: FontDescription(size: 63), color: .black),
    ]

    static func render(_ job: Job) throws -> Surface {
        let surface = try Surface(width: 640, height: 100)
        try TextRenderer.draw(job.text, font: job.font, color: job.color, baselineOrigin: Point(x: 8, y: 72), into: surface)
        return surface
    }

    @Test func eightThreadsDrawWhatOneThreadDraws() throws {
        let threads = 8, rounds = 5
        let results = Mutex<[[Surface]]>(Array(repeating: [], count: threads))
        let failures = Mutex<[String]>([])
        onThreads(threads) { thread in
            var mine: [Surface] = []
            // Each thread walks the jobs from a different starting point, so
            // different fonts and sizes are in flight at the same moment.
            for round in 0..<rounds {
                for k in 0..<Self.jobs.count {
                    let job = Self.jobs[(k + thread + round) % Self.jobs.count]
                    do { mine.append(try Self.render(job)) } catch { failures.withLock { $0.append("\(error)") } }
                }
            }
            let done = mine
            results.withLock { $0[thread] = done }
        }
        #expect(failures.withLock { $0 }.isEmpty)

        let sequential = try Self.jobs.map(Self.render)
        for (thread, surfaces) in results.withLock({ $0 }).enumerated() {
            #expect(surfaces.count == rounds * Self.jobs.count)
            for (n, surface) in surfaces.enumerated() {
                let job = (n % Self.jobs.count + thread + n / Self.jobs.count) % Self.jobs.count
                #expect(surface.hasSamePixels(as: sequential[job]), "thread \(thread), draw \(n): \(Self.jobs[job].text)")
            }
        }
        #expect(sequential.allSatisfy { $0.inkBox != nil })
    }

    @Test func threadsMeasureAndImageConsistently() throws {
        let expected = try TextRenderer.measure("Measure me 42", font: FontDescription(size: 29))
        let mismatches = Atomic<Int>(0)
        onThreads(8) { _ in
            for _ in 0..<50 {
                let metrics = try? TextRenderer.measure("Measure me 42", font: FontDescription(size: 29))
                let image = try? TextRenderer.image(of: "Measure me 42", font: FontDescription(size: 29), color: .black)
                if metrics != expected || image?.surface.width != Int(expected.inkBounds.width) {
                    mismatches.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}

@Suite struct CacheTurnoverTests {
    /// Enough glyphs, and big enough ones, to empty the cache several times
    /// (by count and by bytes) while other tests draw: results never change.
    @Test func emptyingTheCacheKeepsResults() throws {
        let font = FontDescription(size: 30)
        let before = try TextRenderer.image(of: "Turnover 42", font: font, color: .black)

        let scalars = (0x21...0x7E).map { $0 } + (0xA1...0xFF).map { $0 } + (0x391...0x3A9).filter { $0 != 0x3A2 }
        let manyGlyphs = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        for quarterPixels in 24..<104 {
            _ = try TextRenderer.measure(manyGlyphs, font: FontDescription(size: Double(quarterPixels) / 4))
        }
        for text in ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789"] {
            _ = try TextRenderer.measure(text, font: FontDescription(size: FontDescription.maximumSize))
        }

        let after = try TextRenderer.image(of: "Turnover 42", font: font, color: .black)
        #expect(after.surface.hasSamePixels(as: before.surface))
        #expect(after.baseline == before.baseline)
    }
}
