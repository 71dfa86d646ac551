"""The shape of a target row in BENCHMARKS.json, which bench/targets.py and
every comparison module build and bench/report.py lays out."""


def target_row(target, size, subject, measured, value, threshold, passed):
    """What is aimed at (`target`), for which `size` and `subject`; the
    measurement in words (`measured`) and as a number (`value`); the
    `threshold` in words; and whether it was met (`passed`: True, False, or
    None when nothing could be measured)."""
    return {"target": target, "size": size, "subject": subject, "measured": measured, "value": value,
            "threshold": threshold, "pass": passed}
