#pragma once

#include "DrawList.h"
#include "ViewOptions.h"

#include <QMatrix4x4>
#include <QOpenGLExtraFunctions>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

class QOpenGLShaderProgram;
class QOpenGLTexture;

namespace bonescope::render {

class TextureCache;

/// Draws a DrawList's sprites with OpenGL 3.3 core: all quads go into one vertex buffer per
/// frame, each quad tagged with one of kTextureSlots texture units, and consecutive quads
/// sharing a blend function go out in one draw call as long as their textures fit the slots.
/// So draw calls never exceed the textures in use (one call for any number of armatures on up
/// to eight atlases), whatever the z order interleaving. Must be used with its context
/// current; call release() before that context goes away.
class GlSpriteBatcher : protected QOpenGLExtraFunctions {
public:
    static constexpr int kTextureSlots = 8; ///< texture units per call (GL 3.3 guarantees 16)

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

    struct Batch {
        int firstQuad = 0;
        int quadCount = 0;
        int textureCount = 0;
        int textures[kTextureSlots] = {};
        core::BlendFunc blend;
    };
    void planBatches(const DrawList& list);

    std::unique_ptr<QOpenGLShaderProgram> m_program;
    std::vector<Batch> m_batches;       ///< this frame's draw calls
    std::vector<std::uint8_t> m_slots;  ///< per vertex: texture unit within its batch
    std::vector<GpuTexture> m_textures; ///< by TextureCache id
    const TextureCache* m_textureSource = nullptr;
    unsigned m_vao = 0, m_vbo = 0, m_slotVbo = 0, m_ibo = 0;
    int m_indexQuads = 0;
    int m_vboBytes = 0;
    int m_slotBytes = 0;
    int m_mvpLocation = -1, m_premultipliedLocation = -1;
    QString m_error;
};

} // namespace bonescope::render
