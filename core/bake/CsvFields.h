#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// `text` as one CSV field (RFC 4180): as it is, or quoted, its quotes doubled, when it holds a
/// comma, a quote or a line break. Names from an export (bones, movements, frame events, sprite
/// frames) may hold any of them.
std::string csvField(std::string_view text);

/// The fields of the record starting at `at` in `bytes`, unquoted, `at` moved past its line
/// end; a quoted field may hold commas and line breaks. A record ends at a line break outside
/// quotes (a '\r' before it dropped) or at the end of `bytes`. False when a quoted field does
/// not close before the end.
bool splitCsvRecord(std::string_view bytes, size_t& at, std::vector<std::string>& fields);

} // namespace bonescope::core
