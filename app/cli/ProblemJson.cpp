#include "cli/ProblemJson.h"

namespace bonescope::cli {

nlohmann::ordered_json problemJson(const core::LoadError& problem)
{
    nlohmann::ordered_json node;
    node["file"] = problem.file;
    if (problem.line > 0)
        node["line"] = problem.line;
    if (!problem.jsonPointer.empty())
        node["jsonPointer"] = problem.jsonPointer;
    node["message"] = problem.message;
    node["text"] = problem.toString();
    return node;
}

} // namespace bonescope::cli
