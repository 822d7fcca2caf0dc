#include "bake/BakeJsonReader.h"

#include "bake/BakeWriter.h"
#include "io/JsonSaxParser.h"

#include <bitset>
#include <cmath>
#include <optional>

namespace bonescope::core {

namespace {

/// The events of the bake's schema as the writers lay it out; anything else is refused with
/// its line. Only where a value goes is tracked: the schema is fixed and shallow.
class BakeJsonHandler final : public JsonSaxParser::Handler {
public:
    explicit BakeJsonHandler(const std::string& fileName) : m_fileName(fileName)
    {
        bake.eventsCsv = std::string(kBakeEventsHeader) + '\n';
    }

    JsonBake bake;
    std::optional<LoadError> error;
    bool named = false; ///< the root named its "armature" or "animation"

    bool null() override { return refuse("null"); }
    bool boolean(bool) override { return refuse("true or false"); }
    bool number_integer(std::int64_t value) override { return number(double(value)); }
    bool number_unsigned(std::uint64_t value) override { return number(double(value)); }
    bool number_float(double value, std::string_view) override { return number(value); }
    bool string(std::string& value) override;
    bool key(std::string_view name) override
    {
        m_key.assign(name);
        return true;
    }
    bool start_object() override;
    bool end_object() override;
    bool start_array() override;
    bool end_array() override
    {
        m_where.pop_back();
        return true;
    }
    void parse_error(std::size_t, int line, const std::string& message) override
    {
        error = LoadError{m_fileName, line, {}, "not JSON: " + message};
    }

private:
    /// Which object or array of the schema the parser is in.
    enum class Where { Root, Names, Frames, Frame, Rows, Row, Events, Event };

    bool refuse(const std::string& what)
    {
        error = LoadError{m_fileName,
                          line(),
                          {},
                          "not a bake: unexpected " + what +
                              (m_key.empty() ? "" : " at \"" + m_key + "\"")};
        return false;
    }
    bool number(double value);
    /// `value` as a frame, loop or index: a whole number an int holds.
    bool whole(double value, int& out)
    {
        if (!(std::abs(value) <= kMaxBakeWholeNumber) || value != std::floor(value))
            return refuse("number " + std::to_string(value) + " (a whole number)");
        out = int(value);
        return true;
    }

    const std::string& m_fileName;
    std::vector<Where> m_where;
    std::string m_key;
    int m_frame = 0;                          ///< the frame whose rows are being read
    FlipbookStateRow m_state;                 ///< a flipbook's frame being read
    std::bitset<kBakeValueColumns> m_columns; ///< the columns the row being read gave
    size_t m_nextColumn = 0;                  ///< where the writer puts the next column
    BakeEvent m_event;                        ///< an event being read (kind in m_eventKind)
    std::string m_eventKind;
};

bool BakeJsonHandler::start_object()
{
    const Where parent = m_where.empty() ? Where::Root : m_where.back();
    if (m_where.empty())
        m_where.push_back(Where::Root);
    else if (parent == Where::Frames) {
        m_where.push_back(Where::Frame);
        m_state = {};
    } else if (parent == Where::Rows) {
        m_where.push_back(Where::Row);
        bake.poses.rows.push_back({});
        bake.poses.rows.back().frame = m_frame;
        m_columns.reset();
        m_nextColumn = 0;
    } else if (parent == Where::Events) {
        m_where.push_back(Where::Event);
        m_event = {};
        m_eventKind.clear();
    } else {
        return refuse("object");
    }
    m_key.clear();
    return true;
}

bool BakeJsonHandler::start_array()
{
    const Where parent = m_where.empty() ? Where::Names : m_where.back();
    if (parent == Where::Root && m_key == "bones")
        m_where.push_back(Where::Names);
    else if (parent == Where::Root && m_key == "frames")
        m_where.push_back(Where::Frames);
    else if (parent == Where::Root && m_key == "events")
        m_where.push_back(Where::Events);
    else if (parent == Where::Frame && m_key == "bones" && !bake.flipbook)
        m_where.push_back(Where::Rows);
    else
        return refuse("array");
    return true;
}

bool BakeJsonHandler::end_object()
{
    switch (m_where.back()) {
    case Where::Row:
        if (!m_columns.all()) {
            size_t missing = 0;
            while (m_columns.test(missing))
                ++missing;
            return refuse(std::string("end of a row: it has no \"") + kBakeColumns[missing].name +
                          "\"");
        }
        break;
    case Where::Frame:
        if (bake.flipbook)
            bake.states.push_back(m_state);
        break;
    case Where::Event:
        bake.eventsCsv +=
            bakeEventsRow(m_event.frame, m_eventKind, m_event.movement, m_event.name) + '\n';
        break;
    default:
        break;
    }
    m_where.pop_back();
    m_key.clear();
    return true;
}

bool BakeJsonHandler::string(std::string& value)
{
    if (m_where.empty())
        return refuse("string");
    switch (m_where.back()) {
    case Where::Root:
        if (m_key == "armature" || m_key == "animation") {
            bake.flipbook = m_key == "animation";
            named = true;
            return true;
        }
        return m_key == "scenario" || refuse("string");
    case Where::Names:
        return true;
    case Where::Frame:
        if (bake.flipbook && m_key == "spriteFrame")
            m_state.spriteFrame = std::move(value);
        else if (bake.flipbook && m_key == "notification")
            m_state.notification = std::move(value);
        else
            return refuse("string");
        return true;
    case Where::Row:
        if (m_key != "bone")
            return refuse("string");
        bake.poses.rows.back().bone = std::move(value);
        return true;
    case Where::Event:
        if (m_key == "kind")
            m_eventKind = std::move(value);
        else if (m_key == "movement")
            m_event.movement = std::move(value);
        else if (m_key == "name")
            m_event.name = std::move(value);
        else
            return refuse("string");
        return true;
    default:
        return refuse("string");
    }
}

bool BakeJsonHandler::number(double value)
{
    if (m_where.empty())
        return refuse("number");
    switch (m_where.back()) {
    case Where::Frame:
        if (m_key == "frame")
            return whole(value, bake.flipbook ? m_state.frame : m_frame);
        if (bake.flipbook && m_key == "loop")
            return whole(value, m_state.loop);
        if (bake.flipbook && m_key == "frameIndex")
            return whole(value, m_state.frameIndex);
        return refuse("number");
    case Where::Row: {
        // The writer's order first: a lookup of one comparison per column.
        size_t column = m_nextColumn < kBakeValueColumns && m_key == kBakeColumns[m_nextColumn].name
                            ? m_nextColumn
                            : 0;
        while (column < kBakeValueColumns && m_key != kBakeColumns[column].name)
            ++column;
        if (column == kBakeValueColumns)
            return refuse("number");
        bake.poses.rows.back().values[column] = value;
        m_columns.set(column);
        m_nextColumn = column + 1;
        return true;
    }
    case Where::Event:
        return m_key == "frame" ? whole(value, m_event.frame) : refuse("number");
    default:
        return refuse("number");
    }
}

} // namespace

bool isBakeJson(std::string_view bytes)
{
    return bytes.starts_with("{\"armature\":") || bytes.starts_with("{\"animation\":");
}

Result<JsonBake> readBakeJson(std::string_view bytes, const std::string& fileName)
{
    BakeJsonHandler handler(fileName);
    if (!JsonSaxParser::parse(bytes, handler))
        return handler.error.value_or(LoadError{fileName, 1, {}, "not a bake"});
    if (!handler.named)
        return LoadError{fileName, 1, {}, "not a bake: no \"armature\" nor \"animation\""};
    return std::move(handler.bake);
}

} // namespace bonescope::core
