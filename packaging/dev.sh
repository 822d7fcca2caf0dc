#!/usr/bin/env bash
# Bonescope's developer entry point on Debian 12: installs what is missing, configures, builds,
# then runs the viewer or the test suite.
#   packaging/dev.sh run [FILE] [--armature NAME] [--movement NAME]
#                                    open the viewer (the embedded sample when no FILE is given),
#                                    playing; run's arguments are the viewer's own (also --help,
#                                    --version; an unknown NAME quits listing the valid ones)
#   packaging/dev.sh test            build and run the whole test suite (under Xvfb without display)
#   packaging/dev.sh build           install, configure and build only
#   packaging/dev.sh deb             build the Debian package (Release) into build/deb/
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake ninja-build g++ pkg-config python3
          qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev libgl-dev libgl1-mesa-dri libglx-mesa0
          libpugixml-dev nlohmann-json3-dev libglm-dev libbenchmark-dev
          xvfb xauth librsvg2-bin desktop-file-utils appstream shared-mime-info)
# Only `deb` needs these: dpkg-shlibdeps (dpkg-dev) and the hardening flags of dpkg-buildflags.
DEB_PACKAGES=(dpkg-dev file)

install_missing() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing: ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
    install_missing "${PACKAGES[@]}"
    cmake --preset dev >/dev/null
    cmake --build --preset dev -j "$(nproc)"
}

with_display() {
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; fi
}

command=${1:-run}
shift || true
case "$command" in
    build) build ;;
    run)
        build
        with_display build/dev/app/bonescope "$@" ;;
    test)
        build
        with_display ctest --preset dev -j "$(nproc)" ;;
    deb)
        install_missing "${PACKAGES[@]}" "${DEB_PACKAGES[@]}"
        # Debian's hardening flags (fortify, stack protector, relro, now) on a Release build.
        export DEB_BUILD_MAINT_OPTIONS=hardening=+all
        CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)" \
            LDFLAGS="$(dpkg-buildflags --get LDFLAGS)" \
            cmake -S . -B build/deb -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
            -DBONESCOPE_BUILD_TESTS=OFF -DBONESCOPE_BUILD_BENCHMARKS=OFF >/dev/null
        cmake --build build/deb -j "$(nproc)"
        (cd build/deb && cpack -G DEB)
        ls build/deb/*.deb ;;
    *) echo "usage: $0 run [FILE] [--movement M] | test | build | deb" >&2; exit 2 ;;
esac
