// The files of renderHtml's page (render/page/), embedded in the library at build time: each
// function returns its file's bytes unchanged. tools/lib/CMakeLists.txt generates their definitions
// with EmbedFile.cmake, so nothing of the page is needed at run time.
//
//   viewer.html  the document, with four slots {{title}}, {{style}}, {{data}} and {{script}}
//   viewer.css   the style sheet that fills {{style}} (the page around the map, not the map's colours)
//   viewer.js    the script that fills {{script}}: it reads the data (the JSON in {{data}}),
//                draws the map and answers the mouse
// The map's colours, and the legend's, are in the data (Render.cpp writes them); no file holds one.
#pragma once

#include <string_view>

namespace cvv {
namespace page {

std::string_view viewerHtml();
std::string_view viewerCss();
std::string_view viewerJs();

} // namespace page
} // namespace cvv
