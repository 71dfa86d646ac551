import CAV

/// The x264 parameters every libx264 encoder Segue opens starts from.
enum X264Parameters {
    /// `stitchable=1`, so that pieces encoded apart with the same settings
    /// share their parameter sets and join by copying; and, on a processor
    /// with AVX-512, `asm=AVX2`.
    ///
    /// libx264's AVX-512 code (core 164, Debian 12's) lets what the heap
    /// happened to hold decide some of its choices: the same frames, with
    /// the same settings on one thread, encoded differently from run to run
    /// (smart renders of one command differed in 6 runs of 24). Filling
    /// fresh memory with a fixed byte (`MALLOC_PERTURB_`) made every run
    /// the same, and so did `asm=AVX2`, 24 runs of 24. AVX2 is present
    /// wherever AVX-512 is, so the mask never names an instruction the
    /// processor lacks.
    static let common: String = {
        let avx512 = av_get_cpu_flags() & AV_CPU_FLAG_AVX512 != 0
        return "stitchable=1" + (avx512 ? ":asm=AVX2" : "")
    }()
}
