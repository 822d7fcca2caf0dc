#include "io/XmlBoneScan.h"

#include "base/Limits.h"

namespace bonescope::core {

namespace {

bool isNameChar(char c)
{
    return c != '>' && c != '/' && c != ' ' && c != '\t' && c != '\n' && c != '\r';
}

/// Offset just past the `>` that ends the tag starting at `from`, skipping quoted attribute
/// values; npos when the text ends first.
std::size_t tagEnd(std::string_view xml, std::size_t from)
{
    for (std::size_t at = from; at < xml.size(); ++at) {
        if (xml[at] == '>')
            return at + 1;
        if (xml[at] == '"' || xml[at] == '\'') {
            at = xml.find(xml[at], at + 1);
            if (at == std::string_view::npos)
                return at;
        }
    }
    return std::string_view::npos;
}

} // namespace

std::size_t firstBonePastLimit(std::string_view xml)
{
    constexpr auto npos = std::string_view::npos;
    bool inArmature = false;
    int depth = 0; // of elements inside the armature
    int bones = 0;
    for (std::size_t at = xml.find('<'); at != npos; at = xml.find('<', at)) {
        const std::string_view rest = xml.substr(at);
        std::string_view skipTo;
        if (rest.starts_with("<!--"))
            skipTo = "-->";
        else if (rest.starts_with("<![CDATA["))
            skipTo = "]]>";
        else if (rest.starts_with("<?"))
            skipTo = "?>";
        if (!skipTo.empty()) {
            at = xml.find(skipTo, at + 2);
            if (at == npos)
                return npos;
            at += skipTo.size();
            continue;
        }
        const bool closing = rest.starts_with("</");
        const std::size_t nameStart = at + (closing ? 2 : 1);
        std::size_t nameEnd = nameStart;
        while (nameEnd < xml.size() && isNameChar(xml[nameEnd]))
            ++nameEnd;
        const std::string_view name = xml.substr(nameStart, nameEnd - nameStart);
        const bool declaration = rest.starts_with("<!"); // <!DOCTYPE ...>
        // Counted at its name: the rest of the file need not be read, or even be there.
        if (inArmature && depth == 0 && !closing && !declaration && name == "b" &&
            ++bones > kMaxBonesPerArmature)
            return at;
        const std::size_t end = tagEnd(xml, nameEnd);
        if (end == npos)
            return npos;
        const bool empty = xml[end - 2] == '/';
        at = end;
        if (declaration)
            continue;
        if (closing) {
            if (name == "armatures")
                return npos; // the reader reads this first <armatures> only
            if (inArmature && depth-- == 0)
                inArmature = false;
        } else if (!inArmature && name == "armature" && !empty) {
            inArmature = true;
            depth = 0;
            bones = 0;
        } else if (inArmature && !empty) {
            ++depth;
        }
    }
    return npos;
}

} // namespace bonescope::core
