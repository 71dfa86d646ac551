import Glibc
import SegueBasics
import Testing

@testable import SegueImageIO

extension FileWritingTests {
    struct AtomicFileTests {
        @Test func writesTheContentWithUmaskPermissions() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/out.txt"
                try AtomicFile.write(to: path) { file in
                    fputs("hello\n", file)
                }
                #expect(try readFile(path) == Array("hello\n".utf8))
                #expect(folderEntries(folder) == ["out.txt"])
                var status = stat()
                #expect(stat(path, &status) == 0)
                #expect(status.st_mode & 0o777 == 0o666 & ~(try processUmask()))
            }
        }

        @Test func replacesAnExistingFile() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/out.txt"
                try writeFile(path, Array("old".utf8))
                try AtomicFile.write(to: path) { fputs("new", $0) }
                #expect(try readFile(path) == Array("new".utf8))
                #expect(folderEntries(folder) == ["out.txt"])
            }
        }

        @Test func aFailingBodyLeavesTheExistingFileAndNoTemporaryFile() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/keep.bin"
                let original: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
                try writeFile(path, original)
                struct Interrupted: Error {}
                #expect(throws: Interrupted.self) {
                    try AtomicFile.write(to: path) { file in
                        for _ in 0..<100 { fputs("partial content that must never land\n", file) }
                        throw Interrupted()
                    }
                }
                #expect(try readFile(path) == original)
                #expect(folderEntries(folder) == ["keep.bin"])
            }
        }

        @Test func aMissingFolderIsAnIOErrorAndCreatesNothing() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/missing/out.txt"
                let error = #expect(throws: SegueError.self) {
                    try AtomicFile.write(to: path) { fputs("x", $0) }
                }
                #expect(error?.code == .io)
                #expect(error?.message.contains("'\(path)'") == true)
                #expect(error?.message.contains("No such file or directory") == true)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func aPathThatNamesNoFileIsRejected() throws {
            try withTemporaryFolder { folder in
                let error = #expect(throws: SegueError.self) {
                    try AtomicFile.write(to: folder + "/") { fputs("x", $0) }
                }
                #expect(error?.code == .invalidArgument)
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func theTemporaryFileIsHiddenNextToTheTarget() throws {
            try withTemporaryFolder { folder in
                let writer = try AtomicFileWriter(path: folder + "/movie.y4m")
                let entries = folderEntries(folder)
                #expect(entries.count == 1)
                #expect(entries.first?.hasPrefix(".movie.y4m.") == true)
                #expect(entries.first?.count == ".movie.y4m.".count + 6)
                #expect(writer.temporaryPath == folder + "/" + entries[0])
                writer.abandon()
                #expect(folderEntries(folder).isEmpty)
            }
        }

        @Test func aWriterReleasedWithoutCommitLeavesNothing() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/out.txt"
                try writeFile(path, Array("old".utf8))
                do {
                    let writer = try AtomicFileWriter(path: path)
                    fputs("new", writer.file)
                }
                #expect(try readFile(path) == Array("old".utf8))
                #expect(folderEntries(folder) == ["out.txt"])
            }
        }

        @Test func aWriterCommitsOnce() throws {
            try withTemporaryFolder { folder in
                let path = folder + "/out.txt"
                let writer = try AtomicFileWriter(path: path)
                fputs("frame 1\n", writer.file)
                fputs("frame 2\n", writer.file)
                #expect(!fileExists(path))
                try writer.commit()
                #expect(try readFile(path) == Array("frame 1\nframe 2\n".utf8))
                let error = #expect(throws: SegueError.self) { try writer.commit() }
                #expect(error?.code == .invalidArgument)
                writer.abandon()
                #expect(fileExists(path))
            }
        }

        /// What the interrupt handler removes: open temporary files, staged
        /// folders with their files, numbered frames written so far; and
        /// nothing that was forgotten.
        @Test func anInterruptRemovesWhatIsBeingWritten() throws {
            try withTemporaryFolder { folder in
                let staged = folder + "/staged"
                mkdir(staged, 0o777)
                for name in ["x.png", "y.png"] { fclose(fopen(staged + "/" + name, "w")) }
                let stagedCleanup = try InterruptCleanup.folder(staged)
                for n in 0..<12 { fclose(fopen(folder + "/frame" + (n < 10 ? "0\(n)" : "\(n)") + ".png", "w")) }
                let frames = try InterruptCleanup.sequence(prefix: folder + "/frame", width: 2, zeroPadded: true,
                                                          suffix: ".png")
                frames.setCount(11)   // frame11.png was not written by this sequence: it stays
                let kept = try InterruptCleanup.file(folder + "/kept.txt")
                fclose(fopen(folder + "/kept.txt", "w"))
                kept.forget()
                let first = try AtomicFileWriter(path: folder + "/a.txt")
                let second = try AtomicFileWriter(path: folder + "/b.txt")
                fputs("data", first.file)
                #expect(folderEntries(folder).count == 16)   // the folder, 12 frames, kept.txt, two temporary files
                InterruptCleanup.removeAll()
                #expect(folderEntries(folder).sorted() == ["frame11.png", "kept.txt"])
                stagedCleanup.forget()
                frames.forget()
                unlink(folder + "/frame11.png")
                unlink(folder + "/kept.txt")
                #expect(folderEntries(folder).isEmpty)
                let error = #expect(throws: SegueError.self) { try first.commit() }
                #expect(error?.code == .io)
                #expect(error?.message.contains("a.txt") == true)
                second.abandon()
                #expect(folderEntries(folder).isEmpty)
            }
        }
    }
}

/// The umask, read from /proc without changing it.
private func processUmask() throws -> mode_t {
    let status = String(decoding: try readFile("/proc/self/status"), as: UTF8.self)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    let digits = line?.split(separator: "\t").last.map(String.init) ?? ""
    return try #require(mode_t(digits, radix: 8))
}
