#pragma once

#include "base/Quoted.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// The names of `items` (anything with a `name`), quoted and comma-separated; "none" for none.
template <typename Items> std::string quotedNames(const Items& items)
{
    std::string names;
    for (const auto& item : items) {
        if (!names.empty())
            names += ", ";
        names += inQuotes(item.name);
    }
    return names.empty() ? "none" : names;
}

/// How a script, a layer setup, a bake or the CLI says that armature `armature` has no `kind`
/// (movement, bone) named `name`, listing the `kind`s it has (`known`, with their names):
/// `armature "Dragon" has no movement "swim"; its movements are: "stand", "walk"`.
template <typename Items>
std::string missingNameMessage(std::string_view armature, std::string_view kind,
                               std::string_view name, const Items& known)
{
    std::string message = "armature ";
    message += inQuotes(armature);
    message += " has no ";
    message += kind;
    message += ' ';
    message += inQuotes(name);
    message += "; its ";
    message += kind;
    message += "s are: ";
    message += quotedNames(known);
    return message;
}

} // namespace bonescope::core
