#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace bonescope::cli {

/// One export a many-file command works on.
struct InputFile {
    QString path; ///< as given, or as found in a folder given (the folder argument leads it)
    QString name; ///< the path inside its folder argument (a file given: its file name)
    bool found = false; ///< found by searching a folder, not named
};

/// The exports named by FILE|FOLDER arguments, in order: a file as it is; a folder searched
/// recursively, sorted, for DragonBones `.xml`, `.ExportJson` and AnimationCache `.plist`
/// files (a `.plist` that is the sprite sheet of an export beside it — same stem as an `.xml`,
/// or an ExportJson's stem followed by digits — is not an export and is skipped, and so is one
/// cocos2d-x passes over: a particle system, a plist without frames or animations). `--sample`
/// passes through; anything else is kept as a file, for its reader to report, as is a file of a
/// folder that cannot be read (no permission). Qt lists no name that is not UTF-8.
struct InputList {
    std::vector<InputFile> files;
    bool fromFolder = false; ///< at least one folder was expanded
};

InputList expandInputs(const QStringList& arguments);

} // namespace bonescope::cli
