#include "cli/OutputFiles.h"

#include "cli/OutputPath.h"
#include "cli/SaveFileStream.h"

#include <QFile>

#include <iostream>

namespace bonescope::cli {

OutputFiles::~OutputFiles()
{
    for (const QString& path : m_written)
        QFile::remove(path);
}

bool OutputFiles::check(const QString& path)
{
    if (path.isEmpty())
        return true;
    const QString problem = outputFileProblem(path, m_inputs);
    if (problem.isEmpty())
        return true;
    m_error = "refusing to write: " + problem.toStdString();
    return false;
}

bool OutputFiles::write(const QString& path, const std::function<void(std::ostream&)>& content)
{
    if (path.isEmpty()) {
        content(std::cout);
        std::cout.flush();
        if (std::cout)
            return true;
        m_error = "cannot write to the standard output";
        return false;
    }
    if (!check(path))
        return false;
    SaveFileStream out(path);
    content(out.stream());
    if (!out.commit()) {
        m_error = "cannot write " + path.toStdString() + ": " + out.errorString().toStdString();
        return false;
    }
    m_written.push_back(path);
    return true;
}

} // namespace bonescope::cli
