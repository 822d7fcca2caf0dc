#include "bake/Scenario.h"

#include <charconv>

namespace bonescope::core {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

bool toInt(std::string_view text, int& value)
{
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

bool toFloat(std::string_view text, float& value)
{
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

std::optional<Scenario> fail(std::string* error, std::string message)
{
    if (error)
        *error = std::move(message);
    return std::nullopt;
}

} // namespace

std::optional<Scenario> Scenario::parse(std::string_view text, std::string* error)
{
    const auto parts = split(text, ':');
    const std::string_view kind = parts.front();
    Scenario s;
    s.text = std::string(text);
    const auto expect = [&](size_t count) { return parts.size() == count; };
    const auto movementAt = [&](size_t i) { return !parts[i].empty(); };
    bool ok = false;
    if (kind == "play" && expect(2) && movementAt(1)) {
        s.kind = Kind::Play;
        ok = true;
    } else if (kind == "cross" && expect(5) && movementAt(1) && movementAt(2)) {
        s.kind = Kind::Cross;
        s.movements.emplace_back(parts[2]);
        ok = toInt(parts[3], s.updates) && toInt(parts[4], s.durationTo);
    } else if (kind == "speed" && expect(3) && movementAt(1)) {
        s.kind = Kind::Speed;
        ok = toFloat(parts[2], s.speed);
    } else if (kind == "names" && expect(4)) {
        s.kind = Kind::Names;
        int loop = 0;
        ok = toInt(parts[2], s.durationTo) && toInt(parts[3], loop);
        s.loop = loop != 0;
        for (auto name : split(parts[1], '+')) {
            ok = ok && !name.empty();
            s.movements.emplace_back(name);
        }
    } else if ((kind == "goto" || kind == "gotoPause") && expect(3) && movementAt(1)) {
        s.kind = kind == "goto" ? Kind::Goto : Kind::GotoPause;
        ok = toInt(parts[2], s.frame);
    } else if (kind == "pause" && expect(4) && movementAt(1)) {
        s.kind = Kind::Pause;
        ok = toInt(parts[2], s.updates) && toInt(parts[3], s.pauseUpdates);
    } else if (kind == "speedAt" && expect(4) && movementAt(1)) {
        s.kind = Kind::SpeedAt;
        ok = toInt(parts[2], s.updates) && toFloat(parts[3], s.speed);
    }
    if (!ok || s.updates < 0 || s.pauseUpdates < 0)
        return fail(error, "bad scenario \"" + std::string(text) +
                               "\" (expected play:MOV, cross:A:B:K:D, speed:MOV:S, "
                               "names:A+B:D:L, goto:MOV:F, gotoPause:MOV:F, pause:MOV:K:P "
                               "or speedAt:MOV:K:S)");
    if (s.kind != Kind::Names)
        s.movements.insert(s.movements.begin(), std::string(parts[1]));
    return s;
}

std::string Scenario::fileStem() const
{
    std::string stem = text;
    for (char& c : stem) {
        if (c == ':')
            c = '_';
        else if (c == '+')
            c = '-';
    }
    return stem;
}

std::string goldenFileName(std::string_view armature, const Scenario& scenario)
{
    std::string name(armature);
    for (char& c : name)
        if (c == '/')
            c = '_';
    return name + "__" + scenario.fileStem() + ".csv";
}

} // namespace bonescope::core
