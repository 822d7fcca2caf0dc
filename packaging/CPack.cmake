# `cpack -G DEB` (packaging/dev.sh deb): both programs and everything packaging/CMakeLists.txt
# installs, under /usr. Run-time library dependencies come from dpkg-shlibdeps; the Qt platform
# plugins and the Mesa drivers are loaded at run time, so they are named here.
set(CPACK_PACKAGE_NAME "bonescope")
set(CPACK_PACKAGE_VENDOR "The Bonescope developers")
set(CPACK_PACKAGE_CONTACT "The Bonescope developers <bonescope@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "viewer and blend editor for cocos2d-x animation exports")
# Debian wants the extended description's lines shorter than 80 columns.
set(CPACK_PACKAGE_DESCRIPTION
    "Bonescope shows DragonBones 2.x XML skeletons, CocoStudio ExportJson
armatures and cocos2d AnimationCache plists exactly as a cocos2d-x game
plays them, frame by frame: textures, bones, crossfades between movements
with their weight curves, and the value of every bone on every frame.
bonescope-cli does the same headless for scripts and CI: info, validate,
bake, diff and render.")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR "TGZ;DEB")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "graphics")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
include(CPack)
