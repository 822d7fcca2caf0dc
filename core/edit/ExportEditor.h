#pragma once

#include "base/LoadError.h"
#include "edit/EditKey.h"
#include "edit/EditTarget.h"
#include "edit/EditValue.h"
#include "edit/JsonSpans.h"
#include "edit/XmlSpans.h"
#include "model/SkeletonData.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bonescope::core {

/// One value that differs from the file's.
struct ExportEdit {
    EditTarget target;
    EditKey key = EditKey::DurationTo;
    EditValue value;

    bool operator==(const ExportEdit&) const = default;
};

/// Edits the values of EditKey in an armature export's bytes (DragonBones XML or ExportJson)
/// and writes them back changing nothing else: only the bytes of edited values change, an
/// attribute or key the file lacks is inserted after the last one of its element or object,
/// and a value set back to what the file holds restores the file's own bytes. No edit: bytes()
/// is the original. The model of the edited file is what the readers make of bytes(), so the
/// preview and cocos2d-x read the same text.
class ExportEditor {
public:
    /// Opens `bytes`, which must be an export the readers accept (the format is chosen by
    /// `fileName`'s extension, as readSkeleton does).
    static Result<ExportEditor> open(std::string bytes, const std::string& fileName);
    /// open() for bytes already read: `model` is what readSkeleton made of them (a loader's
    /// read), so they are not parsed again.
    static Result<ExportEditor> open(std::string bytes, const std::string& fileName,
                                     SkeletonData model);

    SourceFormat format() const { return m_format; }
    const std::string& fileName() const { return m_fileName; }
    const std::string& originalBytes() const { return *m_original; }

    /// The value of `key` at `target`: the edit when there is one, else what the file holds
    /// (as cocos2d-x reads it), else cocos2d-x's default. Errors name a missing target.
    Result<EditValue> value(const EditTarget& target, EditKey key) const;

    /// Sets `key` at `target`. Refused (nothing changes) when the target does not exist,
    /// refuseEditValue refuses the value, or the readers would refuse the edited export; the
    /// error's message says which and why. The file's own value is never refused: setting it
    /// back restores the file's bytes.
    std::optional<LoadError> set(const EditTarget& target, EditKey key, const EditValue& value);
    /// Why set() would refuse the edit (nothing changes either way); none when it would not.
    std::optional<LoadError> refuse(const EditTarget& target, EditKey key,
                                    const EditValue& value) const;

    /// True when some value differs from the file's.
    bool modified() const { return !m_edits.empty(); }
    /// The values that differ from the file's: set() again on the file's bytes, in any order,
    /// they give bytes() (each edit changes only its own value's bytes).
    std::vector<ExportEdit> edits() const;

    /// The export with every edit applied.
    std::string bytes() const;

    /// The readers' model of bytes(), read when the last edit was set.
    const SkeletonData& model() const;

private:
    struct Location {
        bool present = false;
        size_t begin = 0; ///< present: the value's bytes
        size_t end = 0;
        char quote = '"';         ///< XML: the attribute's quote
        size_t insertAt = 0;      ///< absent: where the new attribute or key goes
        std::string insertBefore; ///< absent, JSON: separator and key text before the value
        std::optional<EditValue> fileValue; ///< what the file holds (or the default)
        bool hasEasingParams = false;       ///< JSON keyframe: a non-empty `twEP`
    };

    ExportEditor() = default;
    Result<Location> locate(const EditTarget& target, EditKey key) const;
    Result<Location> locateXml(const EditTarget& target, EditKey key) const;
    Result<Location> locateJson(const EditTarget& target, EditKey key) const;
    LoadError error(const std::string& message) const;

    // Shared so the spans' views stay valid when the editor is moved or copied.
    std::shared_ptr<const std::string> m_original;
    std::string m_fileName;
    SourceFormat m_format = SourceFormat::DragonBonesXml;
    std::shared_ptr<const XmlSpans> m_xml;
    std::shared_ptr<const JsonSpans> m_json;
    std::map<std::pair<EditTarget, EditKey>, EditValue> m_edits;
    std::shared_ptr<const SkeletonData> m_model; ///< of bytes(), never null once opened
};

} // namespace bonescope::core
