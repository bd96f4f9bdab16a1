#!/bin/bash -eu
# Template for projects/purchase-conformance/build.sh in a fork of google/oss-fuzz: the
# repository's own ClusterFuzzLite build script builds every target the same way.
"$SRC/purchase-conformance/.clusterfuzzlite/build.sh"
