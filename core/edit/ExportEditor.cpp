#include "edit/ExportEditor.h"

#include "base/Quoted.h"
#include "io/ExportLoader.h"
#include "model/MissingName.h"

#include <algorithm>
#include <vector>

namespace bonescope::core {

namespace {

// The attribute or key that holds `key` in each format; empty when the format has none.
std::string_view fieldName(EditKey key, SourceFormat format)
{
    switch (key) {
    case EditKey::DurationTo:
        return "to";
    case EditKey::DurationTween:
        return "drTW";
    case EditKey::Loop:
        return "lp";
    case EditKey::TweenEasing:
    case EditKey::FrameTweenEasing:
        return "twE";
    case EditKey::Scale:
        return format == SourceFormat::CocoStudioJson ? "sc" : "";
    case EditKey::FrameTweenRotate:
        return format == SourceFormat::DragonBonesXml ? "twR" : "";
    case EditKey::FrameEvent:
        return "evt";
    }
    return {};
}

// `no movement "wlk"`, with the movements animation `animation` of `model` has (the model is
// read from the bytes the spans index, so it knows the same names).
std::string noMovement(const SkeletonData& model, const std::string& animation,
                       const std::string& movement)
{
    const AnimationData* found = model.findAnimation(animation);
    return "no movement " + inQuotes(movement) +
           "; the movements are: " + (found ? quotedNames(found->movements) : "none");
}

// The same for a bone of movement `movement` that has no timeline there.
std::string noTimeline(const SkeletonData& model, const std::string& animation,
                       const std::string& movement, const std::string& bone)
{
    const AnimationData* found = model.findAnimation(animation);
    const MovementData* timelines = found ? found->findMovement(movement) : nullptr;
    return "movement " + inQuotes(movement) + " has no timeline for bone " + inQuotes(bone) +
           "; its timelines are: " + (timelines ? quotedNames(timelines->bones) : "none");
}

// ` name="value"`, the value escaped for its double quotes.
std::string newAttribute(std::string_view name, const std::string& value)
{
    std::string out(1, ' ');
    out += name;
    out += "=\"";
    out += XmlSpans::escaped(value, '"');
    out += '"';
    return out;
}

} // namespace

Result<ExportEditor> ExportEditor::open(std::string bytes, const std::string& fileName)
{
    auto model = readSkeleton(bytes, fileName);
    if (!model)
        return model.error();
    return open(std::move(bytes), fileName, std::move(model.value()));
}

Result<ExportEditor> ExportEditor::open(std::string bytes, const std::string& fileName,
                                        SkeletonData model)
{
    ExportEditor editor;
    editor.m_model = std::make_shared<const SkeletonData>(std::move(model));
    editor.m_original = std::make_shared<const std::string>(std::move(bytes));
    editor.m_fileName = fileName;
    editor.m_format = editor.m_model->format;
    if (editor.m_format == SourceFormat::DragonBonesXml) {
        auto spans = XmlSpans::scan(*editor.m_original, fileName);
        if (!spans)
            return spans.error();
        editor.m_xml = std::make_shared<const XmlSpans>(std::move(spans.value()));
    } else {
        auto spans = JsonSpans::scan(*editor.m_original, fileName);
        if (!spans)
            return spans.error();
        editor.m_json = std::make_shared<const JsonSpans>(std::move(spans.value()));
    }
    return editor;
}

LoadError ExportEditor::error(const std::string& message) const
{
    return LoadError{m_fileName, 0, {}, message};
}

Result<ExportEditor::Location> ExportEditor::locate(const EditTarget& target, EditKey key) const
{
    if (fieldName(key, m_format).empty())
        return error(
            std::string(editKeyName(key)) + ": " +
            refuseEditValue(key, defaultEditValue(key), m_format).value_or("not editable"));
    if (isKeyframeKey(key) && (target.bone.empty() || target.keyframe < 0))
        return error(std::string(editKeyName(key)) + " needs a bone and a keyframe");
    return m_format == SourceFormat::DragonBonesXml ? locateXml(target, key)
                                                    : locateJson(target, key);
}

Result<ExportEditor::Location> ExportEditor::locateXml(const EditTarget& target, EditKey key) const
{
    const XmlSpans& xml = *m_xml;
    const int animations = xml.children(xml.root(), "animations").empty()
                               ? -1
                               : xml.children(xml.root(), "animations").front();
    int animation = -1;
    std::string animationName = target.armature;
    if (animations >= 0) {
        // No armature named: the first animation's name. Of equal names cocos2d-x plays the
        // last definition (its map keeps the later).
        if (const auto all = xml.children(animations, "animation");
            animationName.empty() && !all.empty())
            if (const auto first = xml.attribute(all.front(), "name"))
                animationName = xml.value(*first);
        const auto named = xml.childrenNamed(animations, "animation", animationName);
        animation = named.empty() ? -1 : named.back();
    }
    if (animation < 0)
        return error("no animation for armature \"" + target.armature + "\"");
    // Of equal names cocos2d-x plays a movement's last definition too, but a bone's first
    // timeline (decodeMovement skips the later ones unread).
    const auto movements = xml.childrenNamed(animation, "mov", target.movement);
    int element = movements.empty() ? -1 : movements.back();
    if (element < 0)
        return error(noMovement(*m_model, animationName, target.movement));
    if (isKeyframeKey(key)) {
        const auto timelines = xml.childrenNamed(element, "b", target.bone);
        const int timeline = timelines.empty() ? -1 : timelines.front();
        if (timeline < 0)
            return error(noTimeline(*m_model, animationName, target.movement, target.bone));
        const auto frames = xml.children(timeline, "f");
        if (static_cast<size_t>(target.keyframe) >= frames.size())
            return error("bone \"" + target.bone + "\" has " + std::to_string(frames.size()) +
                         " keyframes in \"" + target.movement + "\", not " +
                         std::to_string(target.keyframe + 1));
        element = frames[static_cast<size_t>(target.keyframe)];
    }
    Location location;
    const std::string_view name = fieldName(key, m_format);
    if (const auto attribute = xml.attribute(element, name)) {
        location.present = true;
        location.begin = attribute->valueBegin;
        location.end = attribute->valueEnd;
        location.quote = attribute->quote;
        location.fileValue = readEditValue(key, xml.value(*attribute), m_format);
    } else {
        location.insertAt = xml.attributesEnd(element);
        location.fileValue = defaultEditValue(key);
    }
    return location;
}

Result<ExportEditor::Location> ExportEditor::locateJson(const EditTarget& target, EditKey key) const
{
    const JsonSpans& json = *m_json;
    const int animations = json.member(json.root(), "animation_data");
    int animation = -1;
    std::string animationName = target.armature;
    if (animations >= 0 && json.node(animations).kind == JsonSpans::Node::Kind::Array) {
        // No armature named: the first animation's name. elementNamed finds the last of equal
        // names, the one cocos2d-x plays.
        if (const auto all = json.elements(animations); animationName.empty() && !all.empty())
            if (const int first = json.member(all.front(), "name"); first >= 0)
                animationName = JsonSpans::decodeString(json.text(first)).value_or(std::string());
        animation = json.elementNamed(animations, animationName);
    }
    if (animation < 0)
        return error("no animation for armature \"" + target.armature + "\"");
    const int movements = json.member(animation, "mov_data");
    int object = movements < 0 ? -1 : json.elementNamed(movements, target.movement);
    if (object < 0)
        return error(noMovement(*m_model, animationName, target.movement));
    if (isKeyframeKey(key)) {
        const int timelines = json.member(object, "mov_bone_data");
        const int timeline = timelines < 0 ? -1 : json.elementNamed(timelines, target.bone);
        if (timeline < 0)
            return error(noTimeline(*m_model, animationName, target.movement, target.bone));
        const int frames = json.member(timeline, "frame_data");
        const std::vector<int> keyframes = frames < 0 ? std::vector<int>() : json.elements(frames);
        const size_t count = keyframes.size();
        if (static_cast<size_t>(target.keyframe) >= count)
            return error("bone \"" + target.bone + "\" has " + std::to_string(count) +
                         " keyframes in \"" + target.movement + "\", not " +
                         std::to_string(target.keyframe + 1));
        object = keyframes[static_cast<size_t>(target.keyframe)];
    }
    Location location;
    const std::string_view name = fieldName(key, m_format);
    if (const int params = json.member(object, "twEP"); params >= 0)
        location.hasEasingParams = !json.elements(params).empty();
    if (const int value = json.member(object, name); value >= 0) {
        location.present = true;
        location.begin = json.node(value).begin;
        location.end = json.node(value).end;
        location.fileValue = readEditValue(key, json.text(value), m_format);
    } else if (const std::optional<JsonSpans::Member> last = json.lastMember(object); !last) {
        location.insertAt = json.node(object).begin + 1;
        location.insertBefore = inQuotes(name) + ": ";
        location.fileValue = defaultEditValue(key);
    } else {
        // Follow the spelling of the object's last member: its indentation and colon spacing.
        const std::string_view text = *m_original;
        location.insertAt = json.node(last->value).end;
        std::string& before = location.insertBefore;
        before = ',';
        before += text.substr(last->separator, last->keyBegin - last->separator);
        before += inQuotes(name);
        before += text.substr(last->keyEnd, json.node(last->value).begin - last->keyEnd);
        location.fileValue = defaultEditValue(key);
    }
    return location;
}

Result<EditValue> ExportEditor::value(const EditTarget& target, EditKey key) const
{
    if (const auto it = m_edits.find({target, key}); it != m_edits.end())
        return it->second;
    auto location = locate(target, key);
    if (!location)
        return location.error();
    if (!location->fileValue)
        return error(std::string(editKeyName(key)) + ": the file's value is not readable");
    return *location->fileValue;
}

std::optional<LoadError> ExportEditor::set(const EditTarget& target, EditKey key,
                                           const EditValue& value)
{
    auto location = locate(target, key);
    if (!location)
        return location.error();
    // The file's own value is always taken back (undo, a value typed back): the readers took
    // it, though an edit may not set it (a movement's speed scale of 0, which plays frozen).
    const bool restoring = location->fileValue == value;
    if (!restoring) {
        if (const auto reason = refuseEditValue(key, value, m_format))
            return error(std::string(editKeyName(key)) + ": " + *reason);
        if (key == EditKey::FrameTweenEasing && m_format == SourceFormat::CocoStudioJson &&
            std::get<Easing>(value) == Easing::CustomEasing && !location->hasEasingParams)
            return error(std::string(editKeyName(key)) +
                         ": this keyframe has no Bezier control points (twEP) for CustomEasing");
    }
    // The edit stands only if the edited export still loads (a longer pass may pass a limit
    // with a bone's scale, say): a refused edit leaves the editor as it was.
    const auto previous = m_edits;
    if (restoring)
        m_edits.erase({target, key});
    else
        m_edits[{target, key}] = value;
    // The editor's own format, whatever the file is called (a copy saved under another name).
    auto model = readSkeleton(bytes(), m_fileName, m_format);
    if (!model) {
        m_edits = previous;
        return error(std::string(editKeyName(key)) +
                     ": the edited export would not load: " + model.error().toString());
    }
    m_model = std::make_shared<const SkeletonData>(std::move(model.value()));
    return std::nullopt;
}

std::vector<ExportEdit> ExportEditor::edits() const
{
    std::vector<ExportEdit> edits;
    edits.reserve(m_edits.size());
    for (const auto& [where, value] : m_edits)
        edits.push_back({where.first, where.second, value});
    return edits;
}

std::optional<LoadError> ExportEditor::refuse(const EditTarget& target, EditKey key,
                                              const EditValue& value) const
{
    ExportEditor trial = *this;
    return trial.set(target, key, value);
}

std::string ExportEditor::bytes() const
{
    struct Change {
        size_t begin = 0;
        size_t end = 0;
        std::string text;
    };
    std::vector<Change> changes;
    for (const auto& [where, value] : m_edits) {
        const auto location = locate(where.first, where.second);
        if (!location) // set() located every edit in these same bytes
            continue;
        const std::string spelled = spellEditValue(value, m_format);
        const bool xml = m_format == SourceFormat::DragonBonesXml;
        if (location->present)
            changes.push_back({location->begin, location->end,
                               xml ? XmlSpans::escaped(spelled, location->quote) : spelled});
        else if (xml)
            changes.push_back({location->insertAt, location->insertAt,
                               newAttribute(fieldName(where.second, m_format), spelled)});
        else
            changes.push_back(
                {location->insertAt, location->insertAt, location->insertBefore + spelled});
    }
    std::stable_sort(changes.begin(), changes.end(),
                     [](const Change& a, const Change& b) { return a.begin < b.begin; });
    const std::string& original = *m_original;
    std::string out;
    out.reserve(original.size() + 64 * changes.size());
    size_t at = 0;
    for (const auto& change : changes) {
        out.append(original, at, change.begin - at);
        out += change.text;
        at = change.end;
    }
    out.append(original, at, std::string::npos);
    return out;
}

const SkeletonData& ExportEditor::model() const
{
    return *m_model;
}

} // namespace bonescope::core
