#include "bake/CsvFields.h"

namespace bonescope::core {

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

bool splitCsvRecord(std::string_view bytes, size_t& at, std::vector<std::string>& fields)
{
    fields.assign(1, std::string());
    bool quoted = false;
    while (at < bytes.size()) {
        const char c = bytes[at++];
        if (quoted) {
            if (c != '"')
                fields.back() += c;
            else if (at < bytes.size() && bytes[at] == '"')
                fields.back() += bytes[at++];
            else
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c == '\n') {
            return true;
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return !quoted;
}

} // namespace bonescope::core
