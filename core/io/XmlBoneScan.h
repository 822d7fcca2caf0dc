#pragma once

#include <cstddef>
#include <string_view>

namespace bonescope::core {

/// Byte offset of the first bone (a `<b>` child of an `<armature>`) past kMaxBonesPerArmature
/// in one armature of the DragonBones XML `xml`, or npos when no armature has that many. A
/// scan of the raw text up to the first `</armatures>`, before pugixml builds its tree (which
/// holds hundreds of bytes a bone: 200 MB for 300 000), so such a file is refused in bounded
/// memory. Comments, CDATA sections, processing instructions and declarations are skipped,
/// and quoted attribute values may hold `>`: only real elements count. The reader's own count
/// stays the rule; this only answers it sooner.
std::size_t firstBonePastLimit(std::string_view xml);

} // namespace bonescope::core
