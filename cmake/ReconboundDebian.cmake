# The Debian package (docs/installing.md): `cpack -G DEB` in a build tree (or `cpack`: DEB is
# the only generator) writes reconbound_<version>_<arch>.deb with everything `cmake --install`
# installs, under /usr: the CLI (bin/), the core library (lib/), the plugins
# (lib/reconbound/plugins/), the SDK (include/reconbound/, lib/cmake/reconbound/, the static
# verify libraries) and the Python module (RECONBOUND_PYTHON_INSTALL_DIR: for Debian's
# python3, lib/python3/dist-packages). Tests, benchmarks and fuzzers install nothing.
# The version is the project's (project() in CMakeLists.txt); the dependencies on Debian's
# shared libraries come from dpkg-shlibdeps (packages dpkg-dev and file). Include it after
# every install() rule.

set(RECONBOUND_PACKAGE_MAINTAINER "reconbound maintainers <maintainers@reconbound.invalid>" CACHE STRING
  "Maintainer field of the .deb (\"Name <e-mail>\")")

# The values below reach CPackConfig.cmake as written here.
set(CPACK_VERBATIM_VARIABLES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME reconbound)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "reconbound")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "certified lower bounds on the reconstruction error of attacks on DP-SGD training")
set(CPACK_PACKAGE_DESCRIPTION [=[
From a DP-SGD noise schedule and a sample of data, reconbound computes, before training,
a certified lower bound on the expected reconstruction error of every attack, relative to
the best guess that ignores training, in the representation chosen (pixels, a downsampled
image, low frequencies, a region, LPIPS features).

This package holds the command-line tool reconbound, its core library and plugins, the
SDK for writing plugins (C++ headers and the CMake package reconbound) and the Python
module reconbound.]=])
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The executables and shared libraries stripped (CMake leaves static libraries alone).
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${RECONBOUND_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Architecture: `dpkg --print-architecture`, CPack's default.
# Depends: dpkg-shlibdeps on every ELF file of the package. The plugins carry no RUNPATH (the
# process has loaded libreconbound_sdk.so before it opens them): usr/lib, the package's own
# library folder, resolves it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS usr/lib)
# The Python module for Debian's python3: its minor version (the extension's ABI tag) and NumPy.
set(reconbound_package_depends "")
if(RECONBOUND_BUILD_PYTHON AND RECONBOUND_PYTHON_DEBIAN)
  math(EXPR next_minor "${Python3_VERSION_MINOR} + 1")
  set(reconbound_package_depends
    "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${next_minor}), python3-numpy")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${reconbound_package_depends}")
# What find_package(reconbound) needs to build a plugin (cmake/reconboundConfig.cmake.in).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
  "cmake, g++, pkg-config, libeigen3-dev, libboost-dev, libfmt-dev, nlohmann-json3-dev, libmpfr-dev, libgmp-dev, librapidcheck-dev")

# `cpack --config CPackSourceConfig.cmake`: the sources, without build trees and Git's files.
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\.git/" "/build/" "/__pycache__/")

find_program(RECONBOUND_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(RECONBOUND_FILE file)
mark_as_advanced(RECONBOUND_DPKG_SHLIBDEPS RECONBOUND_FILE)
if(NOT RECONBOUND_DPKG_SHLIBDEPS OR NOT RECONBOUND_FILE)
  message(STATUS "Debian package: `cpack -G DEB` needs dpkg-shlibdeps and file (packages dpkg-dev and file)")
endif()

include(CPack)
