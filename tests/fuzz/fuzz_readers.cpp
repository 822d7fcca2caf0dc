// libFuzzer entry point for Bonescope's file readers. The first input byte picks the reader, the
// rest is the file's bytes; a reader may accept or reject, but must not crash, hang or trip a
// sanitizer. Without libFuzzer (any compiler, the default) the harnesses are built as replay
// runners and CTest replays tests/data/fuzz (see fuzz/CMakeLists.txt). To fuzz, with Clang:
//
//   cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
//       -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DBONESCOPE_BUILD_FUZZERS=ON
//       -DBONESCOPE_BUILD_BENCHMARKS=OFF
//       -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined
//       -fno-sanitize-recover=undefined"
//   cmake --build build/fuzz --target fuzz_readers
//   mkdir -p build/fuzz/corpus && cp tests/data/fuzz/readers/* build/fuzz/corpus/
//   build/fuzz/tests/fuzz_readers -max_total_time=60 -timeout=5 -rss_limit_mb=2048
//       build/fuzz/corpus
//
// (each command on one line). CMAKE_CXX_FLAGS instruments bonescope_core for coverage; the target
// itself links with -fsanitize=fuzzer,address,undefined. To seed the corpus with a whole file,
// prefix it with its selector byte (see kReaders below), e.g. `{ printf '\0'; cat
// tests/data/corpus/Dragon.xml; } > seed/dragon`; tests/data/features/tinted.xml adds the colour
// keyframes the corpus lacks. To keep new finds, merge the small inputs that add coverage into
// tests/data/fuzz/readers (`fuzz_readers -merge=1 tests/data/fuzz/readers NEW_INPUTS`).

#include "bake/BakeJsonReader.h"
#include "bake/BakeTable.h"
#include "bake/EventsCompare.h"
#include "bake/FlipbookStateCompare.h"
#include "edit/EditRecovery.h"
#include "io/AnimationCacheReader.h"
#include "io/CocoStudioReader.h"
#include "io/DragonBonesReader.h"
#include "io/ExportLoader.h"
#include "io/ImageHeader.h"
#include "io/LayerSetupReader.h"
#include "io/SidecarReader.h"
#include "io/SpriteSheetReader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace bonescope::core;

namespace {

template <typename T> void check(const Result<T>& result, const std::string& fileName)
{
    // The only contract: an error names its file and says why.
    if (!result.ok() && (result.error().message.empty() || result.error().file != fileName))
        __builtin_trap();
}

template <auto Reader> void run(std::string_view bytes)
{
    const std::string fileName = "fuzz";
    check(Reader(bytes, fileName), fileName);
}

/// readSkeleton picks the reader by extension and adds the nested-armature checks.
template <const char* FileName> void runSkeleton(std::string_view bytes)
{
    check(readSkeleton(bytes, FileName), FileName);
}

/// The events comparison reads two files: the bytes split in half, the halves compared.
void runEventsCompare(std::string_view bytes)
{
    const std::string expected = "expected.events.csv", actual = "actual.events.csv";
    const size_t half = bytes.size() / 2;
    const auto result =
        compareBakeEvents(bytes.substr(0, half), expected, bytes.substr(half), actual);
    if (!result.ok() && (result.error().message.empty() ||
                         (result.error().file != expected && result.error().file != actual)))
        __builtin_trap();
}

constexpr char kXmlName[] = "fuzz.xml";
constexpr char kJsonName[] = "fuzz.ExportJson";

using ReaderFn = void (*)(std::string_view);

// Selector byte (modulo the count) -> reader.
constexpr ReaderFn kReaders[] = {
    run<readDragonBonesXml>,      // 0
    run<readCocoStudioJson>,      // 1
    run<readSpriteSheetPlist>,    // 2
    run<readAnimationCachePlist>, // 3
    run<readImageHeader>,         // 4
    run<parseLayerSetup>,         // 5
    runSkeleton<kXmlName>,        // 6
    runSkeleton<kJsonName>,       // 7
    run<parseSidecar>,            // 8
    // What `diff` reads: bakes and their events, as users hand them over.
    run<readBakeCsv>,          // 9
    run<readBakeJson>,         // 10
    run<readFlipbookStateCsv>, // 11
    runEventsCompare,          // 12
    // What a session that died left for the next to offer back.
    run<parseEditRecovery>, // 13
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
    kReaders[data[0] % std::size(kReaders)](bytes);
    return 0;
}
