# ecw - top-level driver over CMake + Ninja.
#   make        build the release binary (build/ecw)
#   make run    install what is missing, build, play Marston Less against the computer
#   make test   install what is missing, build under ASan+UBSan, run every test
#   make bench  build and run the benchmark
PACKAGES := gcc cmake ninja-build pkg-config libjansson-dev libcriterion-dev
BUILD    := build
TBUILD   := build-test
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build run test bench deps clean

all: build

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing packages; run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build:
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@ninja -C $(BUILD) -j $(JOBS)

run: deps build
	./$(BUILD)/ecw play marston-less

test: deps
	@cmake -S . -B $(TBUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DECW_SANITIZE=ON -DECW_TESTS=ON >/dev/null
	@ninja -C $(TBUILD) -j $(JOBS)
	cd $(TBUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD)/ecw-bench

clean:
	rm -rf $(BUILD) $(TBUILD)
