#pragma once

#include "DrawList.h"
#include "ViewOptions.h"

#include <QMatrix4x4>
#include <QOpenGLExtraFunctions>
#include <QString>

#include <memory>
#include <vector>

class QOpenGLShaderProgram;
class QOpenGLTexture;

namespace bonescope::render {

class TextureCache;

/// Draws a DrawList's sprites with OpenGL 3.3 core: all quads go into one vertex buffer per
/// frame and consecutive quads sharing texture and blend function go out in one draw call, so
/// any number of armatures on one atlas costs one call. Must be used with its context current;
/// call release() before that context goes away.
class GlSpriteBatcher : protected QOpenGLExtraFunctions
{
public:
    GlSpriteBatcher();
    ~GlSpriteBatcher();

    /// Compiles the shaders (from :/shaders) and creates buffers. False with error() set on
    /// any compile or link failure.
    bool initialize();
    QString error() const { return m_error; }

    /// Draws `list`'s quads with `worldToClip`; returns the number of draw calls issued.
    int draw(const DrawList& list, const QMatrix4x4& worldToClip, const ViewOptions& options);

    /// Frees every GL object; the context must be current.
    void release();

private:
    struct GpuTexture {
        std::unique_ptr<QOpenGLTexture> texture;
        int revision = -1;
        bool premultiplied = true;
    };
    QOpenGLTexture* textureFor(const TextureCache& cache, int id, const ViewOptions& options);
    void ensureIndexCapacity(int quadCount);

    std::unique_ptr<QOpenGLShaderProgram> m_program;
    std::vector<GpuTexture> m_textures; ///< by TextureCache id
    const TextureCache* m_textureSource = nullptr;
    unsigned m_vao = 0, m_vbo = 0, m_ibo = 0;
    int m_indexQuads = 0;
    int m_vboBytes = 0;
    int m_mvpLocation = -1, m_premultipliedLocation = -1;
    QString m_error;
};

} // namespace bonescope::render
